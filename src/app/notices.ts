/**
 * Notices are projections of stored outcomes: each names an operation whose state changed while the
 * app was open. Closing one only hides it here; the outcome stays in Activity and in IndexedDB.
 *
 * Calm by rule: an outcome that needs nothing from the person (confirmed, not applied) fades after
 * FADE_MS; only unknown, review, rejected and expired stay until seen (dismissed, or opened in
 * Activity, Review or the operation's detail). Something the person already resolved (discarded,
 * entered again) never shows. Pure: time comes in as `now` (milliseconds).
 */
import type { OperationState, OperationView } from '../client/facade';
import { assertNever } from '../protocol/assert-never';
import type { ShellMessages } from './i18n/en-shell';

export const FADE_MS = 5_000;

/** States that ask something of the person: they stay until seen. */
const STAYING: ReadonlySet<OperationState> = new Set(['unknown', 'review', 'rejected', 'expired']);
/** Outcomes that need nothing: they inform, then leave. */
const FADING: ReadonlySet<OperationState> = new Set(['confirmed', 'not-applied']);

interface Entered {
  state: OperationState;
  /** When this app saw the operation enter `state`; null when it was already there at opening. */
  at: number | null;
}

export interface NoticeMemory {
  entered: ReadonlyMap<string, Entered>;
  /** The state in which the person saw (or dismissed) an operation: a later state is news again. */
  seen: ReadonlyMap<string, OperationState>;
}

/** What was already stored when the app opened is history, not news. */
export function openNotices(operations: readonly OperationView[]): NoticeMemory {
  return {
    entered: new Map(operations.map((op) => [op.handle, { state: op.state, at: null }])),
    seen: new Map(),
  };
}

/** Records, at `now`, each operation that entered a new state (or appeared) since the last look. */
export function observe(
  memory: NoticeMemory,
  operations: readonly OperationView[],
  now: number,
): NoticeMemory {
  let changed = operations.length !== memory.entered.size;
  const entered = new Map<string, Entered>();
  for (const op of operations) {
    const before = memory.entered.get(op.handle);
    if (before && before.state === op.state) {
      entered.set(op.handle, before);
    } else {
      changed = true;
      entered.set(op.handle, { state: op.state, at: now });
    }
  }
  return changed ? { ...memory, entered } : memory;
}

/** The person saw these operations in their current state (dismissed them, or opened them). */
export function markSeen(memory: NoticeMemory, operations: readonly OperationView[]): NoticeMemory {
  if (operations.every((op) => memory.seen.get(op.handle) === op.state)) return memory;
  const seen = new Map(memory.seen);
  for (const op of operations) seen.set(op.handle, op.state);
  return { ...memory, seen };
}

/** At most one line: what needs the person if anything does, else what just finished. */
export type NoticeLine =
  | { kind: 'needs-you'; operations: OperationView[] }
  | { kind: 'done'; operations: OperationView[] };

function arrivedAt(memory: NoticeMemory, op: OperationView): number | null {
  if (op.resolution) return null;
  if (memory.seen.get(op.handle) === op.state) return null;
  const entered = memory.entered.get(op.handle);
  return entered && entered.state === op.state ? entered.at : null;
}

function newestFirst(memory: NoticeMemory, ops: OperationView[]): OperationView[] {
  const at = (op: OperationView): number => memory.entered.get(op.handle)?.at ?? 0;
  return ops.sort((a, b) => at(b) - at(a) || b.createdAt.localeCompare(a.createdAt));
}

/** The operations that need the person and arrived while the app was open, not yet seen. */
export function needingYou(
  operations: readonly OperationView[],
  memory: NoticeMemory,
): OperationView[] {
  return newestFirst(
    memory,
    operations.filter((op) => STAYING.has(op.state) && arrivedAt(memory, op) !== null),
  );
}

export function noticeLine(
  operations: readonly OperationView[],
  memory: NoticeMemory,
  now: number,
): NoticeLine | null {
  const needs = needingYou(operations, memory);
  if (needs.length > 0) return { kind: 'needs-you', operations: needs };
  const done = operations.filter((op) => {
    const at = FADING.has(op.state) ? arrivedAt(memory, op) : null;
    return at !== null && now - at < FADE_MS;
  });
  return done.length > 0 ? { kind: 'done', operations: newestFirst(memory, done) } : null;
}

/** When the line shown at `now` next changes by itself (a fading outcome leaves), or null. */
export function nextFade(
  operations: readonly OperationView[],
  memory: NoticeMemory,
  now: number,
): number | null {
  const line = noticeLine(operations, memory, now);
  if (line?.kind !== 'done') return null;
  const ends = line.operations.map((op) => (memory.entered.get(op.handle)?.at ?? now) + FADE_MS);
  return Math.min(...ends);
}

/** The line's words: one operation by its summary and state, several by their count. */
export function noticeText(
  line: NoticeLine,
  formatCount: (n: number) => string,
  words: ShellMessages['notices'],
  wordsOf: (op: OperationView) => { summary: string; label: string },
): string {
  const [first] = line.operations;
  if (line.operations.length === 1 && first) {
    const { summary, label } = wordsOf(first);
    return words.one(summary, label);
  }
  const n = line.operations.length;
  switch (line.kind) {
    case 'needs-you':
      return words.needYou(formatCount(n));
    case 'done': {
      const confirmed = line.operations.filter((op) => op.state === 'confirmed').length;
      const notApplied = n - confirmed;
      const parts = [
        confirmed > 0 ? words.confirmed(formatCount(confirmed)) : null,
        notApplied > 0 ? words.notApplied(formatCount(notApplied)) : null,
      ].filter((p): p is string => p !== null);
      return words.done(formatCount(n), parts.join(', '));
    }
    default:
      return assertNever(line);
  }
}

/**
 * A notice's words around the item's name: [before, name, joiner, after]. On a phone only the name
 * is cut (ellipsis); the verb and the state around it always show, in any language's word order
 * ("Add 2 to Desk lamp…: Confirmed", "2 zu Schreibtisch… hinzufügen: Bestätigt"). The joiner is the
 * punctuation and space right after the name: it stays on the name's line, so a state that goes
 * below starts with its word, never with ": ". null: no name in it.
 */
export function aroundName(
  text: string,
  name: string | null,
): [string, string, string, string] | null {
  if (!name) return null;
  const at = text.indexOf(name);
  if (at < 0) return null;
  const rest = text.slice(at + name.length);
  const joiner = /^[^\p{L}\p{N}]*/u.exec(rest)?.[0] ?? '';
  return [text.slice(0, at), name, joiner, rest.slice(joiner.length)];
}
