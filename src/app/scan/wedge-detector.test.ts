import { describe, expect, it } from 'vitest';
import { MAX_GAP_MS, WedgeDetector } from './wedge-detector';

/** Types `text` then Enter, one key every `gap` ms from `start`; the code the last key gave. */
function type(
  detector: WedgeDetector,
  text: string,
  gap: number,
  start = 1000,
  inTextField = false,
) {
  const keys = [...text, 'Enter'];
  let result: string | null = null;
  keys.forEach((key, i) => {
    result = detector.press({ key, at: start + i * gap, inTextField });
  });
  return result;
}

describe('keyboard-wedge scanners', () => {
  it('a scanner’s burst ending in Enter is a scan', () => {
    expect(type(new WedgeDetector(), '2000014000148', 8)).toBe('2000014000148');
    expect(type(new WedgeDetector(), 'LMP-014', MAX_GAP_MS)).toBe('LMP-014');
  });

  it('a person typing the same code and Enter is not', () => {
    expect(type(new WedgeDetector(), '2000014000148', 120)).toBeNull();
    expect(type(new WedgeDetector(), '2000014000148', MAX_GAP_MS + 1)).toBeNull();
  });

  it('a slow first key does not spoil the scanner’s burst after it', () => {
    const d = new WedgeDetector();
    d.press({ key: 'x', at: 0, inTextField: false });
    expect(type(d, '2000014000148', 5, 500)).toBe('2000014000148');
  });

  it('a pause inside the code (a person) is no scan, and a slow Enter is none', () => {
    const d = new WedgeDetector();
    ['2', '0', '0', '0'].forEach((key, i) => d.press({ key, at: i * 5, inTextField: false }));
    ['1', '4', '8'].forEach((key, i) => d.press({ key, at: 500 + i * 5, inTextField: false }));
    expect(d.press({ key: 'Enter', at: 520, inTextField: false })).toBeNull();
    ['1', '2', '3', '4', '5'].forEach((key, i) =>
      d.press({ key, at: 1000 + i * 5, inTextField: false }),
    );
    expect(d.press({ key: 'Enter', at: 1500, inTextField: false })).toBeNull();
  });

  it('inside a text field it is typing, however fast; too short is no code', () => {
    expect(type(new WedgeDetector(), '2000014000148', 5, 0, true)).toBeNull();
    expect(type(new WedgeDetector(), 'abc', 5)).toBeNull();
  });

  it('Shift between characters (upper case) keeps the burst; other keys break it', () => {
    const d = new WedgeDetector();
    const keys = ['Shift', 'L', 'Shift', 'M', 'P', '1', 'Enter'];
    const out = keys.map((key, i) => d.press({ key, at: i * 4, inTextField: false }));
    expect(out.at(-1)).toBe('LMP1');
    const e = new WedgeDetector();
    const broken = ['1', '2', 'ArrowLeft', '3', '4', 'Enter'];
    expect(
      broken.map((key, i) => e.press({ key, at: i * 4, inTextField: false })).at(-1),
    ).toBeNull();
  });
});
