/**
 * The pure core depends inward only: a module here may import other core modules and the shared
 * wire types (src/protocol), never the layers around it (store, network, facade, local, React).
 * The records and outcomes the core reasons about are defined here (records.ts, local-view.ts,
 * views.ts, http-outcome.ts); the layers around import them from the core.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const coreDir = dirname(fileURLToPath(import.meta.url));
const protocolDir = resolve(coreDir, '../../protocol');
const TEST_PACKAGES = new Set(['vitest', 'fast-check']);

/** Every module specifier of `import … from`, `export … from`, `import '…'` and `import('…')`. */
export function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns)
    for (const match of source.matchAll(pattern)) if (match[1]) found.push(match[1]);
  return found;
}

/** Why `specifier`, imported by a core module, reaches outside the core (null: it does not). */
export function outwardReason(specifier: string, inTest = false): string | null {
  if (!specifier.startsWith('.')) {
    // Packages: the core has no I/O and no framework (node:, react, idb would be layers around
    // it); its unit tests may use the test runner and fast-check.
    return inTest && TEST_PACKAGES.has(specifier) ? null : `package ${specifier}`;
  }
  const target = resolve(coreDir, specifier);
  const inside = (dir: string) => !relative(dir, target).startsWith('..');
  return inside(coreDir) || inside(protocolDir) ? null : relative(coreDir, target);
}

function coreModules(): string[] {
  return readdirSync(coreDir).filter((f) => f.endsWith('.ts') && f !== 'depends-inward.test.ts');
}

describe('src/client/core depends inward only', () => {
  it('finds the imports it checks', () => {
    expect(
      specifiers(`import type { A } from '../store/schema';\nimport { b } from './b';`),
    ).toEqual(['../store/schema', './b']);
    expect(specifiers(`export { x } from '../facade'; const m = import('../net/http');`)).toEqual([
      '../facade',
      '../net/http',
    ]);
    expect(outwardReason('../store/schema')).toBe('../store/schema');
    expect(outwardReason('../facade')).toBe('../facade');
    expect(outwardReason('react')).toBe('package react');
    expect(outwardReason('vitest')).toBe('package vitest');
    expect(outwardReason('vitest', true)).toBeNull();
    expect(outwardReason('./records')).toBeNull();
    expect(outwardReason('../../protocol/schemas')).toBeNull();
  });

  it('no core module imports from the layers around it', () => {
    const outward = coreModules().flatMap((file) =>
      specifiers(readFileSync(join(coreDir, file), 'utf8'))
        .map((s) => ({ s, why: outwardReason(s, file.endsWith('.test.ts')) }))
        .filter(({ why }) => why !== null)
        .map(({ s }) => `${file} → ${s}`),
    );
    expect(coreModules().length).toBeGreaterThan(10);
    expect(outward).toEqual([]);
  });
});
