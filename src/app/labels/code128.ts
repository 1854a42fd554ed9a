/**
 * Code 128 (ISO/IEC 15417), drawn by our own code for printed labels (label-code.ts): the symbol
 * values with their mod-103 checksum, and the modules they make ('1' a bar, '0' a space; the quiet
 * zones are the drawing's). Code set B carries printable ASCII; runs of digits go in code set C,
 * two to a symbol, where that makes the symbol shorter. Pure.
 */

/** Bar and space widths of each symbol value, bar first (the standard's table; 106 is Stop). */
// prettier-ignore
const WIDTHS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
] as const;

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

function digitsFrom(text: string, at: number): number {
  let end = at;
  while (end < text.length && text[end]! >= '0' && text[end]! <= '9') end += 1;
  return end - at;
}

/**
 * Whether a run of `run` digits at `at` is shorter in code set C: an even run of 4 or more that
 * starts or ends the text (one switch), or of 6 or more inside it (two switches). An odd run
 * sends its first digit in B and is looked at again from the next.
 */
function worthC(text: string, at: number, run: number): boolean {
  if (run % 2 !== 0 || run < 4) return false;
  return at === 0 || at + run === text.length || run >= 6;
}

/** Start, data and checksum values of `text`, or null when it has a character Code 128 B lacks. */
export function code128Values(text: string): number[] | null {
  if (text === '' || ![...text].every((c) => c >= ' ' && c <= '~')) return null;
  let inC = worthC(text, 0, digitsFrom(text, 0));
  const values = [inC ? START_C : START_B];
  let at = 0;
  while (at < text.length) {
    const run = digitsFrom(text, at);
    if (inC && run >= 2) {
      values.push(Number(text.slice(at, at + 2)));
      at += 2;
    } else if (inC) {
      values.push(CODE_B);
      inC = false;
    } else if (worthC(text, at, run)) {
      values.push(CODE_C);
      inC = true;
    } else {
      values.push(text.charCodeAt(at) - 32);
      at += 1;
    }
  }
  const sum = values.reduce((s, v, i) => s + v * Math.max(i, 1), 0);
  return [...values, sum % 103];
}

/** The modules of `text` as Code 128 (Stop and its final bar included), or null (see above). */
export function code128Modules(text: string): string | null {
  const values = code128Values(text);
  if (values === null) return null;
  return [...values, STOP]
    .map((v) => [...WIDTHS[v]!].map((w, i) => (i % 2 === 0 ? '1' : '0').repeat(Number(w))).join(''))
    .join('');
}
