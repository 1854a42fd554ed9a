import { describe, expect, it } from 'vitest';
import { entryOf, failedEntry, table } from './report';

describe('report', () => {
  it('records a thrown figure as failed, unmeasured, with the error', () => {
    const entry = failedEntry('≥ 1.4', new Error('connection refused'), 3.2);
    expect(entry).toMatchObject({ value: null, target: '≥ 1.4', pass: false });
    expect(entry.details['error']).toContain('connection refused');
    expect(JSON.parse(JSON.stringify(entry)).value).toBeNull();
  });

  it('prints value, target and result of every figure', () => {
    const text = table({
      group_commit: entryOf('≥ 5', { value: 3.8, pass: false, details: { seconds: 54 } }),
      fsync_ms: entryOf('report', { value: 0.2, pass: true, details: {} }),
      pg_two_vs_one: failedEntry('≥ 1.4', 'down', 1),
    });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^figure\s+value\s+target\s+result\s+took/);
    expect(lines[2]).toMatch(/^group_commit\s+3\.8\s+≥ 5\s+FAIL\s+54s/);
    expect(lines[3]).toMatch(/^fsync_ms\s+0\.2\s+report\s+pass/);
    expect(lines[4]).toMatch(/^pg_two_vs_one\s+—\s+≥ 1\.4\s+FAIL\s+1s/);
  });
});
