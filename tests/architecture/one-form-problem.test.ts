/**
 * A form's problem is written one way: `<FormProblem>` (src/app/components/form-problem.tsx). No
 * other screen writes the alert markup itself, so its role, look and emptiness rule stay one.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const APP = resolve(import.meta.dirname, '../../src/app');
const HOME = 'components/form-problem.tsx';

function screens(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return screens(path);
    return name.endsWith('.tsx') ? [path] : [];
  });
}

/** `line: text` of every element that writes a form message as an alert. */
function alertMarkup(text: string): string[] {
  const element = /<\w+\b[^>]*>/g;
  return [...text.matchAll(element)]
    .filter((m) => /className="form-message\b/.test(m[0]) && /role="alert"/.test(m[0]))
    .map((m) => `${text.slice(0, m.index).split('\n').length}: ${m[0]}`);
}

describe('one <FormProblem>', () => {
  it('spots the alert markup, however its attributes are ordered or wrapped', () => {
    expect(alertMarkup('<p role="alert"\n  className="form-message x">{m}</p>')).toHaveLength(1);
    expect(alertMarkup('<p className="form-message form-message--problem" role="alert">')).toEqual([
      '1: <p className="form-message form-message--problem" role="alert">',
    ]);
    expect(alertMarkup('<p className="form-message" role="status">')).toEqual([]);
  });

  it('no screen but form-problem.tsx writes it', () => {
    const found = screens(APP)
      .filter((file) => relative(APP, file) !== HOME)
      .flatMap((file) =>
        alertMarkup(readFileSync(file, 'utf8')).map((hit) => `${relative(APP, file)}:${hit}`),
      );
    expect(found).toEqual([]);
    expect(alertMarkup(readFileSync(join(APP, HOME), 'utf8'))).toHaveLength(1);
  });
});
