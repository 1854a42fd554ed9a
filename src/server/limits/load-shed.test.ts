import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoadShedder } from './load-shed';

function setup(limits = { maxInFlight: 2, maxQueueWaitMs: 1000, maxQueue: 3 }, serviceMs = 100) {
  let now = 0;
  const clock = { now: () => now };
  const shed = new LoadShedder(limits, clock, serviceMs);
  return { shed, advance: (ms: number) => (now += ms) };
}

describe('LoadShedder', () => {
  it('starts up to maxInFlight at once, then queues, then sheds when the queue is full', () => {
    const { shed } = setup();
    expect([0, 1, 2, 3, 4].map((t) => shed.arrive(t).kind)).toEqual([
      'start',
      'start',
      'queue',
      'queue',
      'queue',
    ]);
    expect(shed.arrive(5)).toEqual({ kind: 'shed', retryAfterSeconds: 1 });
    expect(shed.stats()).toMatchObject({ inFlight: 2, queued: 3, shed: 1 });
  });

  it('sheds at once when the predicted wait is over the bound, with Retry-After for it', () => {
    const { shed } = setup({ maxInFlight: 1, maxQueueWaitMs: 1000, maxQueue: 100 }, 400);
    expect(shed.arrive(0).kind).toBe('start');
    expect(shed.arrive(1).kind).toBe('queue'); // 1 ahead × 400 ms
    expect(shed.arrive(2).kind).toBe('queue'); // 800 ms
    expect(shed.arrive(3)).toEqual({ kind: 'shed', retryAfterSeconds: 2 }); // 1200 ms > 1000
  });

  it('hands a freed slot to the oldest waiter, and learns the service time', () => {
    const { shed } = setup();
    [0, 1, 2, 3].forEach((t) => shed.arrive(t));
    expect(shed.finish(200)).toEqual({ start: [2], shed: [] });
    expect(shed.stats().serviceMs).toBeCloseTo(120);
    expect(shed.finish(200)).toEqual({ start: [3], shed: [] });
    expect(shed.stats()).toMatchObject({ inFlight: 2, queued: 0 });
  });

  it('sheds waiters whose wait ran out: kept at exactly the bound, shed one millisecond later', () => {
    const { shed, advance } = setup();
    [0, 1, 2].forEach((t) => shed.arrive(t));
    advance(500);
    shed.arrive(3);
    expect(shed.nextExpiry()).toBe(1001);
    advance(500);
    expect(shed.expire()).toEqual([]);
    advance(1);
    expect(shed.expire()).toEqual([{ ticket: 2, retryAfterSeconds: 1 }]);
    expect(shed.finish(10)).toEqual({ start: [3], shed: [] });
    expect(shed.nextExpiry()).toBeNull();
  });

  it('never runs more than maxInFlight, and decides every arrival exactly once', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.constant('arrive' as const), fc.constant('finish' as const), fc.nat(1500)),
          {
            maxLength: 200,
          },
        ),
        (steps) => {
          const { shed, advance } = setup(
            { maxInFlight: 3, maxQueueWaitMs: 1000, maxQueue: 5 },
            50,
          );
          const decided = new Map<number, string>();
          let running = 0;
          let next = 0;
          const record = (ticket: number, how: string) => {
            if (decided.has(ticket)) throw new Error(`ticket ${ticket} decided twice`);
            decided.set(ticket, how);
          };
          const settle = (r: { start: number[]; shed: { ticket: number }[] }) => {
            r.shed.forEach((s) => record(s.ticket, 'shed'));
            r.start.forEach((t) => {
              record(t, 'start');
              running++;
            });
          };
          for (const step of steps) {
            if (step === 'arrive') {
              const ticket = next++;
              const a = shed.arrive(ticket);
              if (a.kind === 'start') running++;
              if (a.kind !== 'queue') record(ticket, a.kind);
            } else if (step === 'finish') {
              if (running > 0) {
                running--;
                settle(shed.finish(20));
              }
            } else {
              advance(step);
              settle({ start: [], shed: shed.expire() });
            }
            expect(running).toBeLessThanOrEqual(3);
            expect(shed.stats().inFlight).toBe(running);
          }
          expect(decided.size + shed.stats().queued).toBe(next);
        },
      ),
    );
  });
});
