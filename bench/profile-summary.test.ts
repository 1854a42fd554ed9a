import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { summarize, type CpuProfile } from './profile-summary';

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0 });
// Profiles name files by absolute URL; built from wherever the repo is checked out.
const file = (path: string) => pathToFileURL(resolve(import.meta.dirname, '..', path)).href;

// (root) → handler (src) → digest (node) ; handler → handler (recursion) ; (idle)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 5] },
    { id: 2, callFrame: frame('handler', file('src/server/x.ts')), children: [3, 4] },
    { id: 3, callFrame: frame('digest', 'node:internal/crypto/hash') },
    { id: 4, callFrame: frame('handler', file('src/server/x.ts')) },
    { id: 5, callFrame: frame('(idle)') },
  ],
  samples: [2, 3, 3, 4, 5, 5, 5],
  timeDeltas: [1000, 2000, 2000, 1000, 5000, 5000, 5000],
};

describe('summarize', () => {
  it('leaves idle time out and ranks self time by function and by file', () => {
    const s = summarize(profile);
    expect(s.busyMs).toBe(6);
    expect(s.selfByFunction[0]).toEqual({ name: 'digest node:internal/crypto/hash:1', ms: 4 });
    expect(s.selfByFunction[1]?.ms).toBe(2);
    expect(s.selfByFile.map((f) => f.name)).toEqual([
      'node:internal/crypto/hash',
      'src/server/x.ts',
    ]);
  });

  it('counts a recursive function once in its inclusive time', () => {
    const s = summarize(profile);
    expect(s.inclusiveOwn).toEqual([{ name: 'handler src/server/x.ts', ms: 6 }]);
  });
});
