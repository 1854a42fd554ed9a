/** The Tester panel's words for armed faults, cleanup and durations. Pure. */
import { FAULT_TIMES_MAX, type ArmedFault, type CleanupResult } from '../protocol/schemas';
import type { DurationUnit, Messages } from './i18n/en';
import { assertNever } from '../protocol/assert-never';

/** The words and number format the Tester panel's texts are made of (see `testerText`). */
type FaultWords = Messages['tester']['fault'];

const UNITS: [ms: number, one: DurationUnit][] = [
  [86_400_000, 'day'],
  [3_600_000, 'hour'],
  [60_000, 'minute'],
  [1_000, 'second'],
];

/** 'lasting': acts until removed; 'one-shot': acts once; 'counted': a given number of times. */
export type FaultKind = 'lasting' | 'one-shot' | 'counted';

export function faultKind(rule: ArmedFault): FaultKind {
  if ((rule.times ?? 1) >= FAULT_TIMES_MAX) return 'lasting';
  return (rule.times ?? 1) === 1 ? 'one-shot' : 'counted';
}

export interface TesterText {
  /** A configured duration in words: 172800000 → "2 days", 129600000 → "36 hours", 1500 → "1.5 seconds". */
  duration: (ms: number) => string;
  /** What an armed rule will do, in words: "Drops the next response". */
  faultAction: (rule: ArmedFault) => string;
  /** How long it lasts: "1 more time", "3 more times", "lasting until removed". */
  faultUses: (rule: ArmedFault) => string;
  /** "Drops the next response after the change is committed · 1 more time" */
  armedFault: (rule: ArmedFault) => string;
  /**
   * What cleanup did, judged by the server's retention settings: "7 receipts older than 2 days
   * were shortened to tombstones; none were old enough to remove."
   */
  cleanup: (result: CleanupResult) => string;
}

/** The Tester panel's texts in the person's language: `words` from the catalogue, `count` from its format. */
export function testerText(words: FaultWords, count: (n: number) => string): TesterText {
  const duration = (ms: number): string => {
    for (const [size, unit] of UNITS) {
      if (ms >= size && ms % size === 0) return words.duration(ms / size, count(ms / size), unit);
    }
    if (ms >= 1_000) return words.duration(2, count(Number((ms / 1_000).toFixed(1))), 'second');
    return words.duration(ms, count(ms), 'millisecond');
  };
  const faultAction = (rule: ArmedFault): string => {
    const what = ((): string => {
      switch (rule.fault) {
        case 'drop-request':
          return words.dropRequest;
        case 'drop-response':
          return words.dropResponse;
        case 'fail-before-commit':
          return words.failBeforeCommit;
        case 'delay':
          return words.delay(duration(rule.delayMs ?? 0));
        case 'unavailable':
          return words.unavailable;
        default:
          return assertNever(rule.fault);
      }
    })();
    const only = rule.match?.operationId;
    return only === undefined ? what : words.onlyOperation(what, only.slice(-4));
  };
  const faultUses = (rule: ArmedFault): string =>
    faultKind(rule) === 'lasting'
      ? words.lasting
      : words.moreTimes(rule.remaining, count(rule.remaining));
  return {
    duration,
    faultAction,
    faultUses,
    armedFault: (rule) => words.armed(faultAction(rule), faultUses(rule)),
    cleanup: (result) =>
      words.cleanup({
        compacted: result.compacted,
        shownCompacted: count(result.compacted),
        removed: result.removed,
        shownRemoved: count(result.removed),
        ttl: result.receiptTtlMs === undefined ? null : duration(result.receiptTtlMs),
        grace: result.tombstoneGraceMs === undefined ? null : duration(result.tombstoneGraceMs),
      }),
  };
}
