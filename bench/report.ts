/** The printed table and the shape of bench/results.json. */
import type { FigureResult } from './figure';

export interface Entry {
  /** null: the figure threw, so nothing was measured (the error is in details). */
  value: number | null;
  target: string;
  pass: boolean;
  details: Record<string, unknown>;
}

export function entryOf(target: string, result: FigureResult): Entry {
  return { value: result.value, target, pass: result.pass, details: result.details };
}

export function failedEntry(target: string, error: unknown, seconds: number): Entry {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return { value: null, target, pass: false, details: { error: message, seconds } };
}

export function table(entries: Record<string, Entry>): string {
  const rows = Object.entries(entries).map(([name, e]) => [
    name,
    e.value === null ? '—' : String(e.value),
    e.target,
    e.pass ? 'pass' : 'FAIL',
    typeof e.details['seconds'] === 'number' ? `${e.details['seconds']}s` : '',
  ]);
  const head = ['figure', 'value', 'target', 'result', 'took'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
