import { describe, expect, it } from 'vitest';
import { FAULTS, FAULT_TIMES_MAX, type ArmedFault } from '../protocol/schemas';
import { makeFormat } from './format';
import { de } from './i18n/de';
import { en } from './i18n/en';
import { faultKind, testerText } from './tester-words';

const {
  armedFault: armedFaultText,
  cleanup: cleanupText,
  duration: durationText,
} = testerText(en.tester.fault, makeFormat('en-GB', en.format).count);
const german = testerText(de.tester.fault, makeFormat('de-DE', de.format).count);

const rule = (r: Partial<ArmedFault>): ArmedFault => ({
  id: 'f1',
  fault: 'drop-response',
  remaining: 1,
  ...r,
});

describe('armed fault words', () => {
  it('says what each fault will do and how many more times', () => {
    expect(armedFaultText(rule({}))).toBe(
      'Drops the next response after the change is committed · 1 more time',
    );
    expect(armedFaultText(rule({ fault: 'delay', delayMs: 15_000, times: 3, remaining: 2 }))).toBe(
      'Holds the next request for 15 seconds before processing · 2 more times',
    );
    expect(
      armedFaultText(
        rule({ fault: 'unavailable', times: FAULT_TIMES_MAX, remaining: FAULT_TIMES_MAX }),
      ),
    ).toBe('Server unavailable: refuses changes with 503 · lasting until removed');
    expect(armedFaultText(rule({ match: { operationId: 'lease-abc.1234' } }))).toContain(
      '(only operation …1234)',
    );
    // No raw codes such as "drop-response" ("unavailable" is a plain word too).
    for (const fault of FAULTS) expect(armedFaultText(rule({ fault }))).not.toMatch(/\w-\w/);
  });

  it('marks one-shot, counted and lasting rules', () => {
    expect(faultKind(rule({}))).toBe('one-shot');
    expect(faultKind(rule({ times: 1 }))).toBe('one-shot');
    expect(faultKind(rule({ times: 5 }))).toBe('counted');
    expect(faultKind(rule({ times: FAULT_TIMES_MAX }))).toBe('lasting');
  });
});

describe('cleanup words', () => {
  const settings = { receiptTtlMs: 2 * 86_400_000, tombstoneGraceMs: 7 * 86_400_000 };

  it('reports what it did by the retention settings', () => {
    expect(cleanupText({ compacted: 7, removed: 0, ...settings })).toBe(
      '7 receipts older than 2 days were shortened to tombstones; none were old enough to remove (tombstones go 7 days after their deadline).',
    );
    expect(cleanupText({ compacted: 1, removed: 2, ...settings })).toBe(
      '1 receipt older than 2 days was shortened to a tombstone; 2 tombstones more than 7 days past their deadline were removed.',
    );
    expect(cleanupText({ compacted: 0, removed: 0, ...settings })).toBe(
      'No receipt older than 2 days was left to shorten; none were old enough to remove (tombstones go 7 days after their deadline).',
    );
  });

  it('still makes sense without the settings (an older server)', () => {
    expect(cleanupText({ compacted: 3, removed: 1 })).toBe(
      '3 receipts were shortened to tombstones; 1 tombstone was removed.',
    );
  });
});

describe('durations in words', () => {
  it('uses the largest whole unit', () => {
    expect(durationText(2 * 86_400_000)).toBe('2 days');
    expect(durationText(86_400_000)).toBe('1 day');
    expect(durationText(36 * 3_600_000)).toBe('36 hours');
    expect(durationText(5 * 60_000)).toBe('5 minutes');
    expect(durationText(1_500)).toBe('1.5 seconds');
    expect(durationText(250)).toBe('250 milliseconds');
  });
});

describe('German', () => {
  it('speaks German with German numbers', () => {
    expect(german.duration(1_500)).toBe('1,5 Sekunden');
    expect(german.armedFault(rule({}))).toBe(
      'Verwirft die nächste Antwort, nachdem die Änderung gespeichert ist · noch 1-mal',
    );
    expect(german.cleanup({ compacted: 1, removed: 0, receiptTtlMs: 86_400_000 })).toBe(
      '1 Quittung, älter als 1 Tag, wurde zu einem Grabstein gekürzt; keine war alt genug zum Entfernen.',
    );
  });
});
