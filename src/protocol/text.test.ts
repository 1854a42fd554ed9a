import { describe, expect, it } from 'vitest';
import { displayText, safeText, textFault } from './text';

describe('the text rule', () => {
  it.each([
    ['a lone high surrogate', 'a\ud800b', 'surrogate'],
    ['a lone low surrogate', '\udc00', 'surrogate'],
    ['NUL', 'a\u0000', 'control'],
    ['a newline', 'a\nb', 'control'],
    ['DEL', '\u007f', 'control'],
    ['a C1 control', 'x\u0085', 'control'],
  ] as const)('refuses %s everywhere', (_what, value, fault) => {
    expect(textFault(value, false)).toBe(fault);
    expect(textFault(value, true)).toBe(fault);
    expect(safeText().safeParse(value).success).toBe(false);
  });

  it.each([
    ['a right-to-left override', 'abc\u202edcb'],
    ['a left-to-right embedding', '\u202a'],
    ['an isolate', 'x\u2066y\u2069'],
    ['a zero-width space', 'a\u200bb'],
    ['a word joiner', '\u2060'],
    ['a byte order mark', '\ufeffname'],
    ['a line separator', 'a\u2028b'],
  ])('refuses %s in display text only', (_what, value) => {
    expect(textFault(value, true)).toBe('spoofing');
    expect(textFault(value, false)).toBeNull();
    expect(displayText(0, 50).safeParse(value).success).toBe(false);
    // Ids, passwords and tokens are not shown as history lines: only the rule for every string.
    expect(safeText().safeParse(value).success).toBe(true);
  });

  it.each([
    ['Persian with a zero-width non-joiner', 'می\u200cخواهم'],
    ['Devanagari with a zero-width joiner', 'क्\u200dष'],
    ['an emoji family (joiners)', '👨\u200d👩\u200d👧'],
    [
      'a subdivision flag (tag characters)',
      '🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}',
    ],
    ['a right-to-left mark', 'שלום\u200f'],
    ['a paired surrogate', '😀'],
  ])('allows %s', (_what, value) => {
    expect(textFault(value, true)).toBeNull();
    expect(displayText(1, 50).parse(value)).toBe(value);
  });

  it('still checks lengths', () => {
    expect(displayText(1, 3).safeParse('').success).toBe(false);
    expect(displayText(1, 3).safeParse('abcd').success).toBe(false);
  });
});
