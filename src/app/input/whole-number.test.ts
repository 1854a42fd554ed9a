import { describe, expect, it } from 'vitest';
import { parseWholeNumber, stepBy, toggleSign } from './whole-number';

const change = { min: -1_000_000, max: 1_000_000, what: 'the change', nonZero: true };
const counted = { min: 0, max: 1_000_000_000, what: 'the counted quantity' };

describe('parseWholeNumber', () => {
  it('reads whole numbers with either minus sign, a plus, spaces around and thousands commas', () => {
    expect(parseWholeNumber('5', change)).toEqual({ ok: true, value: 5 });
    expect(parseWholeNumber(' -12 ', change)).toEqual({ ok: true, value: -12 });
    expect(parseWholeNumber('\u22123', change)).toEqual({ ok: true, value: -3 });
    expect(parseWholeNumber('+7', change)).toEqual({ ok: true, value: 7 });
    expect(parseWholeNumber('1,000', change)).toEqual({ ok: true, value: 1000 });
    expect(parseWholeNumber('0', counted)).toEqual({ ok: true, value: 0 });
    expect(parseWholeNumber('-0', counted)).toEqual({ ok: true, value: 0 });
  });

  it('reads Arabic-Indic, Eastern Arabic-Indic and full-width digits as digits', () => {
    expect(parseWholeNumber('١٢', change)).toEqual({ ok: true, value: 12 });
    expect(parseWholeNumber('-٣', change)).toEqual({ ok: true, value: -3 });
    expect(parseWholeNumber('۲۵', change)).toEqual({ ok: true, value: 25 });
    expect(parseWholeNumber('１٠', counted)).toEqual({ ok: true, value: 10 });
    expect(parseWholeNumber('١٬٠٠٠', counted)).toEqual({ ok: true, value: 1000 });
  });

  it('refuses "5abc" with a clear message instead of reading 5', () => {
    const r = parseWholeNumber('5abc', change);
    expect(r).toEqual({
      ok: false,
      message: '“5abc” is not a whole number: enter digits only, with − in front to remove.',
    });
    expect(parseWholeNumber('5abc', counted)).toEqual({
      ok: false,
      message: '“5abc” is not a whole number: enter digits only.',
    });
  });

  it('refuses decimals, exponents, lone signs, misplaced commas and empty input', () => {
    for (const text of ['2.5', '1e3', '-', '1,00', '12,', '0x10', 'five']) {
      expect(parseWholeNumber(text, change).ok, text).toBe(false);
    }
    expect(parseWholeNumber('  ', change)).toEqual({ ok: false, message: 'Enter the change.' });
  });

  it('checks zero and the range, in words', () => {
    expect(parseWholeNumber('0', change)).toEqual({
      ok: false,
      message: 'The change must not be 0.',
    });
    expect(parseWholeNumber('1000001', change)).toEqual({
      ok: false,
      message: 'The change must be between −1,000,000 and 1,000,000.',
    });
    expect(parseWholeNumber('-1', counted).ok).toBe(false);
  });
});

describe('the − / + buttons and the sign toggle', () => {
  it('step from what is typed, nothing typed counting as 0', () => {
    expect(stepBy('', -1)).toBe('-1');
    expect(stepBy('', 1)).toBe('1');
    expect(stepBy('-', 1)).toBe('1');
    expect(stepBy('4', 1)).toBe('5');
    expect(stepBy('-4', -1)).toBe('-5');
    expect(stepBy('\u22124', 1)).toBe('-3');
  });

  it('leave text that is not a number alone', () => {
    expect(stepBy('5abc', 1)).toBe('5abc');
  });

  it('flip the sign, starting a negative number when nothing is typed', () => {
    expect(toggleSign('5')).toBe('-5');
    expect(toggleSign('-5')).toBe('5');
    expect(toggleSign('\u22125')).toBe('5');
    expect(toggleSign('+5')).toBe('-5');
    expect(toggleSign('')).toBe('-');
    expect(toggleSign('-')).toBe('');
  });
});
