import { describe, expect, it } from 'vitest';
import { pendingNotices } from './notices';
import { op } from './testing/operation-fixture';

describe('notices', () => {
  it('shows outcomes that arrived after the app opened, not those already stored', () => {
    const ops = [op('old', 'confirmed'), op('new', 'confirmed'), op('open', 'unknown')];
    const shown = pendingNotices(ops, new Set(['old']), new Set());
    expect(shown.map((o) => o.id)).toEqual(['new']);
  });

  it('dismissing hides the notice only', () => {
    const ops = [op('a', 'review'), op('b', 'confirmed')];
    expect(pendingNotices(ops, new Set(), new Set(['a'])).map((o) => o.id)).toEqual(['b']);
    expect(ops).toHaveLength(2);
  });

  it('keeps at most a few', () => {
    const ops = ['a', 'bb', 'ccc', 'dddd'].map((id) => op(id, 'confirmed'));
    expect(pendingNotices(ops, new Set(), new Set())).toHaveLength(3);
  });
});
