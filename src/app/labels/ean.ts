/**
 * EAN-13, UPC-A and EAN-8 (GS1 General Specifications), drawn by our own code for printed labels
 * (label-code.ts): a code with a right check digit, as modules ('1' a bar, '0' a space; the quiet
 * zones are the drawing's). A UPC-A symbol is the EAN-13 symbol of its 12 digits after a 0. Pure.
 */

/** Set A of the left half; set C (right half) is its inverse, set B its inverse reversed. */
// prettier-ignore
const A = [
  '0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011',
] as const;
const C = A.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const B = C.map((code) => [...code].reverse().join(''));
/** EAN-13's first digit: which of the left half's six digits come from set B. */
// prettier-ignore
const FIRST_DIGIT = [
  'AAAAAA', 'AABABB', 'AABBAB', 'AABBBA', 'ABAABB', 'ABBAAB', 'ABBBAA', 'ABABAB', 'ABABBA', 'ABBABA',
] as const;

/** The GS1 check digit of `data` (every digit but the check): weights 3, 1, 3, … from the right. */
export function gs1CheckDigit(data: string): number {
  const sum = [...data].reverse().reduce((s, c, i) => s + Number(c) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10;
}

/** An EAN-13, UPC-A or EAN-8 code whose check digit is right. */
export function isRetailCode(code: string): boolean {
  return (
    /^(\d{8}|\d{12}|\d{13})$/.test(code) && gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1))
  );
}

function digitsOf(code: string): number[] {
  return [...code].map(Number);
}

/** The modules of an EAN-13, UPC-A or EAN-8 code, or null when it is none (see isRetailCode). */
export function eanModules(code: string): string | null {
  if (!isRetailCode(code)) return null;
  const right = (digits: number[]) => digits.map((d) => C[d]).join('');
  if (code.length === 8) {
    const d = digitsOf(code);
    return `101${d
      .slice(0, 4)
      .map((x) => A[x])
      .join('')}01010${right(d.slice(4))}101`;
  }
  const [first = 0, ...d] = digitsOf(code.padStart(13, '0'));
  const sets = FIRST_DIGIT[first]!;
  const left = d.slice(0, 6).map((x, i) => (sets[i] === 'B' ? B : A)[x]);
  return `101${left.join('')}01010${right(d.slice(6))}101`;
}
