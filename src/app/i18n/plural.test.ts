import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';
import { pluralRules } from './plural';

it('picks the form by the language’s plural rules', () => {
  for (const language of ['en', 'de'] as const) {
    const plural = pluralRules(language);
    expect([0, 1, 2, 1.5, 21].map((n) => plural(n, 'one', 'other'))).toEqual([
      'other',
      'one',
      'other',
      'other',
      'other',
    ]);
  }
  expect(en.signIn.othersWaiting(1, '1', 'ana')).toMatch(/^1 change by ana is waiting/);
  expect(de.signIn.othersWaiting(1205, '1.205', 'ana')).toMatch(/^1\.205 Änderungen von ana/);
  expect(en.tester.fault.duration(1, '1', 'day')).toBe('1 day');
  expect(de.tester.fault.duration(2, '2', 'day')).toBe('2 Tage');
});

it('no catalogue words a plural by hand (`n === 1 ?`): Intl.PluralRules does', () => {
  const dir = dirname(fileURLToPath(import.meta.url));
  const handWritten = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .flatMap((f) =>
      readFileSync(join(dir, f), 'utf8')
        .split('\n')
        .map((line, i) => [`${f}:${i + 1}`, line] as const)
        .filter(([, line]) => /[!=]== 1\b/.test(line) && !line.trim().startsWith('*'))
        .map(([at]) => at),
    );
  expect(handWritten).toEqual([]);
});
