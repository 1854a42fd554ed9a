import { describe, expect, it } from 'vitest';
import type { OperationState, OperationView } from '../client/facade';
import {
  aroundName,
  FADE_MS,
  markSeen,
  nextFade,
  noticeLine,
  noticeText,
  observe,
  openNotices,
  type NoticeMemory,
} from './notices';
import { en } from './i18n/en';
import { op } from '../../tests/support/app/operation-fixture';
import { makeFormat } from './format';
import { operationWords } from './operation-words';

const T0 = 1_000_000;
const count = (n: number): string => String(n);

const words = (o: OperationView) =>
  operationWords(o, en, makeFormat('en-GB', en.format, 'UTC'), {
    itemName: () => 'shelf A',
    now: T0,
  });

function shown(ops: OperationView[], memory: NoticeMemory, now: number): string | null {
  const line = noticeLine(ops, memory, now);
  return line ? noticeText(line, count, en.notices, words) : null;
}

/** The app opened with `before`, then saw `after` at T0. */
function arrive(before: OperationView[], after: OperationView[]): NoticeMemory {
  return observe(openNotices(before), after, T0);
}

const moved = (o: OperationView, state: OperationState, extra: Partial<OperationView> = {}) =>
  op(o.id, state, { op: o.op, ...extra });

describe('notices', () => {
  it('outcomes already stored when the app opened are not news', () => {
    const ops = [op('a', 'confirmed'), op('b', 'review'), op('c', 'unknown')];
    expect(shown(ops, observe(openNotices(ops), ops, T0), T0)).toBeNull();
  });

  it('an outcome that needs nothing fades after a few seconds', () => {
    const queued = op('a', 'queued');
    const confirmed = moved(queued, 'confirmed');
    const memory = arrive([queued], [confirmed]);
    expect(shown([confirmed], memory, T0)).toBe('Remove 2 from shelf A: Confirmed');
    expect(shown([confirmed], memory, T0 + FADE_MS - 1)).toBe('Remove 2 from shelf A: Confirmed');
    expect(nextFade([confirmed], memory, T0)).toBe(T0 + FADE_MS);
    expect(shown([confirmed], memory, T0 + FADE_MS)).toBeNull();
    expect(nextFade([confirmed], memory, T0 + FADE_MS)).toBeNull();
  });

  it.each(['unknown', 'review', 'rejected', 'expired'] as const)('%s stays until seen', (state) => {
    const queued = op('a', 'queued');
    const now = moved(queued, state);
    const memory = arrive([queued], [now]);
    const later = T0 + 3_600_000;
    expect(shown([now], memory, later)).toBe(`Remove 2 from shelf A: ${words(now).label}`);
    expect(nextFade([now], memory, later)).toBeNull();
    expect(shown([now], markSeen(memory, [now]), later)).toBeNull();
  });

  it('several that need the person are one line with their count', () => {
    const before = ['a', 'bb', 'ccc'].map((id) => op(id, 'sending'));
    const after = [
      moved(before[0]!, 'unknown'),
      moved(before[1]!, 'review'),
      moved(before[2]!, 'confirmed'),
    ];
    let memory = arrive(before, after);
    const extra = op('dddd', 'rejected');
    memory = observe(memory, [...after, extra], T0 + 1);
    expect(shown([...after, extra], memory, T0 + 2)).toBe('3 changes need you');
  });

  it('what needs the person takes the line before what just finished', () => {
    const before = [op('a', 'sending'), op('bb', 'sending')];
    const after = [moved(before[0]!, 'confirmed'), moved(before[1]!, 'unknown')];
    const memory = arrive(before, after);
    expect(noticeLine(after, memory, T0)?.kind).toBe('needs-you');
    const seen = markSeen(memory, [after[1]!]);
    expect(shown(after, seen, T0)).toBe('Remove 2 from shelf A: Confirmed');
  });

  it('never for something already discarded', () => {
    const queued = op('a', 'sending');
    const review = moved(queued, 'review');
    const memory = arrive([queued], [review]);
    const discarded = moved(queued, 'review', {
      resolution: { kind: 'discarded', note: 'typo', at: '2026-11-29T17:10:00.000Z' },
    });
    expect(shown([review], memory, T0)).not.toBeNull();
    expect(shown([discarded], observe(memory, [discarded], T0 + 1), T0 + 1)).toBeNull();
  });

  it('a notice leaves when its operation moves on, and a later state is news again', () => {
    const sending = op('a', 'sending');
    const unknown = moved(sending, 'unknown');
    let memory = markSeen(arrive([sending], [unknown]), [unknown]);
    expect(shown([unknown], memory, T0)).toBeNull();
    const confirmed = moved(sending, 'confirmed');
    memory = observe(memory, [confirmed], T0 + 10);
    expect(shown([confirmed], memory, T0 + 10)).toBe('Remove 2 from shelf A: Confirmed');
  });

  it('several finished outcomes are counted by kind, and fade one by one', () => {
    const before = [op('a', 'sending'), op('bb', 'sending')];
    const first = moved(before[0]!, 'confirmed');
    let memory = arrive(before, [first, before[1]!]);
    const second = moved(before[1]!, 'not-applied');
    memory = observe(memory, [first, second], T0 + 1_000);
    expect(shown([first, second], memory, T0 + 1_000)).toBe(
      '2 changes: 1 confirmed, 1 not applied',
    );
    expect(nextFade([first, second], memory, T0 + 1_000)).toBe(T0 + FADE_MS);
    expect(shown([first, second], memory, T0 + FADE_MS)).toBe(
      'Remove 2 from shelf A: Not applied — safe to enter again',
    );
  });

  it('observing the same states again keeps the memory as it was', () => {
    const ops = [op('a', 'confirmed')];
    const memory = openNotices(ops);
    expect(observe(memory, ops, T0)).toBe(memory);
    expect(markSeen(memory, [])).toBe(memory);
  });

  it('finds the item’s name in a notice, so only the name is cut', () => {
    expect(aroundName('Add 2 to Desk lamp, brass: Confirmed', 'Desk lamp, brass')).toEqual([
      'Add 2 to ',
      'Desk lamp, brass',
      ': ',
      'Confirmed',
    ]);
    expect(aroundName('2 zu Schreibtischlampe hinzufügen: Bestätigt', 'Schreibtischlampe')).toEqual(
      ['2 zu ', 'Schreibtischlampe', ' ', 'hinzufügen: Bestätigt'],
    );
    expect(aroundName('3 changes need you', null)).toBeNull();
    expect(aroundName('Add 2 to lamp-9: Confirmed', 'Desk lamp')).toBeNull();
  });
});
