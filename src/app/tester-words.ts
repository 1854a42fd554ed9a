/** The Tester panel's words for armed faults, cleanup and durations (issue 15). Pure. */
import { FAULT_TIMES_MAX, type ArmedFault, type CleanupResult } from '../protocol/schemas';
import { formatCount } from './format';
import { assertNever } from '../protocol/assert-never';

const UNITS: [ms: number, one: string][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
];

/** A configured duration in words: 172800000 → "2 days", 129600000 → "36 hours", 1500 → "1.5 seconds". */
export function durationText(ms: number): string {
  const plural = (n: number, one: string) => `${formatCount(n)} ${one}${n === 1 ? '' : 's'}`;
  for (const [size, one] of UNITS) if (ms >= size && ms % size === 0) return plural(ms / size, one);
  if (ms >= 1_000) return `${Number((ms / 1_000).toFixed(1))} seconds`;
  return plural(ms, 'millisecond');
}

/** 'lasting': acts until removed; 'one-shot': acts once; 'counted': a given number of times. */
export type FaultKind = 'lasting' | 'one-shot' | 'counted';

export function faultKind(rule: ArmedFault): FaultKind {
  if ((rule.times ?? 1) >= FAULT_TIMES_MAX) return 'lasting';
  return (rule.times ?? 1) === 1 ? 'one-shot' : 'counted';
}

/** What an armed rule will do, in words: "Drops the next response". */
export function faultActionText(rule: ArmedFault): string {
  const what = ((): string => {
    switch (rule.fault) {
      case 'drop-request':
        return 'Drops the next request before the server reads it';
      case 'drop-response':
        return 'Drops the next response after the change is committed';
      case 'fail-before-commit':
        return 'Rolls back the next change before commit';
      case 'delay':
        return `Holds the next request for ${durationText(rule.delayMs ?? 0)} before processing`;
      case 'unavailable':
        return 'Server unavailable: refuses changes with 503';
      default:
        return assertNever(rule.fault);
    }
  })();
  const only = rule.match?.operationId;
  return only === undefined ? what : `${what} (only operation …${only.slice(-4)})`;
}

/** How long it lasts: "1 more time", "3 more times", "lasting until removed". */
export function faultUsesText(rule: ArmedFault): string {
  if (faultKind(rule) === 'lasting') return 'lasting until removed';
  return `${formatCount(rule.remaining)} more time${rule.remaining === 1 ? '' : 's'}`;
}

/** "Drops the next response after the change is committed · 1 more time" */
export function armedFaultText(rule: ArmedFault): string {
  return `${faultActionText(rule)} · ${faultUsesText(rule)}`;
}

/**
 * What cleanup did, judged by the server's retention settings: "7 receipts older than 2 days were
 * shortened to tombstones; none were old enough to remove."
 */
export function cleanupText(result: CleanupResult): string {
  const ttl = result.receiptTtlMs === undefined ? null : durationText(result.receiptTtlMs);
  const grace =
    result.tombstoneGraceMs === undefined ? null : durationText(result.tombstoneGraceMs);
  const older = ttl === null ? '' : ` older than ${ttl}`;
  const { compacted, removed } = result;
  const shortened =
    compacted === 0
      ? `No receipt${older} was left to shorten`
      : `${formatCount(compacted)} receipt${compacted === 1 ? '' : 's'}${older} ${
          compacted === 1 ? 'was' : 'were'
        } shortened to ${compacted === 1 ? 'a tombstone' : 'tombstones'}`;
  const gone =
    removed === 0
      ? `none were old enough to remove${grace === null ? '' : ` (tombstones go ${grace} after their deadline)`}`
      : `${formatCount(removed)} tombstone${removed === 1 ? '' : 's'}${
          grace === null ? '' : ` more than ${grace} past their deadline`
        } ${removed === 1 ? 'was' : 'were'} removed`;
  return `${shortened}; ${gone}.`;
}
