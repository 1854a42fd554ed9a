import { expect, it } from 'vitest';
import { fromDecimalComma } from './spreadsheet-number';

it('reads whole numbers as a decimal-comma spreadsheet writes them', () => {
  expect(fromDecimalComma('1.250')).toBe('1250');
  expect(fromDecimalComma('1.234.567')).toBe('1234567');
  expect(fromDecimalComma('12,00')).toBe('12');
  expect(fromDecimalComma(' 7 ')).toBe('7');
  expect(fromDecimalComma('-3')).toBe('-3');
  expect(fromDecimalComma('1 250')).toBe('1250');
});

it('a fraction is no whole number; anything else is left for the usual words', () => {
  expect(fromDecimalComma('3,5')).toBeNull();
  expect(fromDecimalComma('1,250')).toBeNull();
  expect(fromDecimalComma('abc')).toBe('abc');
  expect(fromDecimalComma('1.5')).toBe('1.5');
});
