import { describe, expect, it } from 'vitest';
import { figuresOfOneMeasurement, type FigureOptions } from './figure';

const options = (quick: boolean): FigureOptions => ({ quick, workDir: '/tmp/unused' });

describe('figuresOfOneMeasurement', () => {
  it('runs the measurement once for all its figures, each reading its own part', async () => {
    let runs = 0;
    const [a, b] = figuresOfOneMeasurement(async () => {
      runs++;
      return { a: 1, b: 2 };
    }, [
      { name: 'a', target: 'report', pick: (m) => ({ value: m.a, pass: true, details: {} }) },
      { name: 'b', target: '≤ 3', pick: (m) => ({ value: m.b, pass: true, details: {} }) },
    ]);
    expect([a?.name, a?.target, b?.name, b?.target]).toEqual(['a', 'report', 'b', '≤ 3']);
    expect((await a!.run(options(true))).value).toBe(1);
    expect((await b!.run(options(true))).value).toBe(2);
    expect(runs).toBe(1);
  });

  it('measures again when the run asks for other counts (--quick or not)', async () => {
    let runs = 0;
    const [a] = figuresOfOneMeasurement(
      async ({ quick }) => {
        runs++;
        return quick ? 1 : 10;
      },
      [{ name: 'a', target: 'report', pick: (m) => ({ value: m, pass: true, details: {} }) }],
    );
    expect((await a!.run(options(true))).value).toBe(1);
    expect((await a!.run(options(false))).value).toBe(10);
    expect(runs).toBe(2);
  });
});
