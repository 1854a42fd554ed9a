import { describe, expect, it } from 'vitest';
import { passwordGate, passwordSlots } from './password-gate';

/** A check that finishes when the test says so. */
function pending() {
  let finish = () => undefined as void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { done, finish: () => finish() };
}
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('password gate', () => {
  it('runs at most `slots` checks at once', async () => {
    const gate = passwordGate(2);
    const started: number[] = [];
    const checks = Array.from({ length: 5 }, () => pending());
    const runs = checks.map((c, i) =>
      gate.run('manager', async () => {
        started.push(i);
        await c.done;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    checks[0]?.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    checks.forEach((c) => c.finish());
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('takes accounts in turn: another person waits for one check, not a whole burst', async () => {
    const gate = passwordGate(1);
    const order: string[] = [];
    const first = pending();
    const burst = [
      gate.run('manager', async () => {
        order.push('manager-0');
        await first.done;
      }),
      ...Array.from({ length: 5 }, (_, i) =>
        gate.run('manager', async () => {
          order.push(`manager-${i + 1}`);
        }),
      ),
    ];
    await settle();
    const other = gate.run('demo', async () => {
      order.push('demo');
    });
    first.finish();
    await Promise.all([...burst, other]);
    expect(order.slice(0, 3)).toEqual(['manager-0', 'manager-1', 'demo']);
  });

  it('a failed check frees its slot', async () => {
    const gate = passwordGate(1);
    await expect(gate.run('a', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('a', async () => 7)).toBe(7);
  });

  it("leaves two of libuv's threads to the file system", () => {
    expect(passwordSlots({})).toBe(2);
    expect(passwordSlots({ UV_THREADPOOL_SIZE: '16' })).toBe(14);
    expect(passwordSlots({ UV_THREADPOOL_SIZE: '2' })).toBe(1);
  });
});
