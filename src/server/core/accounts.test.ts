import { describe, expect, it } from 'vitest';
import { judgeAccountChange, nameProblem, passwordProblem, type AccountState } from './accounts';

const ana = { id: 'u-ana', name: 'ana', role: 'manager', disabled: false } as const;
const bo: AccountState & { name: string } = {
  id: 'u-bo',
  name: 'bo',
  role: 'staff',
  disabled: false,
};

describe('account rules (shared by npm run users and /api/users)', () => {
  it('names: letters, digits and . _ @ -, 1 to 128', () => {
    expect(nameProblem('ana.k_1@shop-2')).toBeNull();
    expect(nameProblem('Zoë')).toBeNull();
    for (const bad of ['', 'has space', 'x'.repeat(129), 'a/b', 'nul\u0000'])
      expect(nameProblem(bad)).toMatch(/not a valid user name/);
  });

  it('passwords: 8 to 1024 characters', () => {
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('1234567')).toMatch(/at least 8/);
    expect(passwordProblem('p'.repeat(1025))).toMatch(/at most 1024/);
  });

  it('nobody disables or demotes themselves, even with other managers', () => {
    expect(judgeAccountChange(ana.id, ana, { disabled: true }, 3)).toEqual({
      kind: 'self-disable',
    });
    expect(judgeAccountChange(ana.id, ana, { role: 'staff' }, 3)).toEqual({ kind: 'self-demote' });
    expect(judgeAccountChange(ana.id, ana, { passwordHash: 'h', role: 'manager' }, 0)).toBeNull();
    expect(judgeAccountChange(ana.id, ana, { disabled: false }, 0)).toBeNull();
  });

  it('the last enabled manager cannot be disabled or demoted, by anyone', () => {
    for (const actor of [null, bo.id]) {
      expect(judgeAccountChange(actor, ana, { disabled: true }, 0)).toEqual({
        kind: 'last-manager',
        name: 'ana',
      });
      expect(judgeAccountChange(actor, ana, { role: 'staff' }, 0)).toMatchObject({
        kind: 'last-manager',
      });
      expect(judgeAccountChange(actor, ana, { role: 'staff' }, 1)).toBeNull();
      expect(judgeAccountChange(actor, ana, { passwordHash: 'h' }, 0)).toBeNull();
    }
    // A disabled manager is no enabled one: demoting them leaves the count as it is.
    expect(judgeAccountChange(null, { ...ana, disabled: true }, { role: 'staff' }, 0)).toBeNull();
    expect(judgeAccountChange(null, bo, { disabled: true }, 0)).toBeNull();
  });
});
