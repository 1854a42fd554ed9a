/** Tester mode (SIMULATE=1) routes. Not registered at all otherwise, so they answer 404. */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ClockRequest, fieldErrors, FaultRule, type ClockState } from '../../protocol/schemas';
import { safeText } from '../../protocol/text';
import type { AppDeps, Sim } from './app';
import { refuse } from './problem';

function parse<T>(schema: z.ZodType<T>, value: unknown, hint: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw refuse('invalid-request', hint, { errors: fieldErrors(parsed.error) });
  return parsed.data;
}

export const simRoutes =
  (deps: AppDeps, sim: Sim): FastifyPluginAsync =>
  async (app) => {
    const clockState = (): ClockState => ({
      now: new Date(sim.clock.now()).toISOString(),
      frozen: sim.clock.frozen,
    });

    app.post('/api/sim/faults', async (request, reply) => {
      await request.user();
      const rule = parse(
        FaultRule,
        request.body,
        'send { "fault", "times"?, "delayMs"?, "match"? }',
      );
      if (rule.fault === 'delay' && rule.delayMs === undefined) {
        throw refuse('invalid-request', 'a delay fault needs "delayMs"');
      }
      return reply.code(201).send(sim.faults.add(rule));
    });
    app.get('/api/sim/faults', async (request) => {
      await request.user();
      return { rules: sim.faults.list() };
    });
    app.delete('/api/sim/faults', async (request, reply) => {
      await request.user();
      sim.faults.clear();
      return reply.code(204).send();
    });

    app.get('/api/sim/clock', async (request) => {
      await request.user();
      return clockState();
    });
    app.post('/api/sim/clock', async (request) => {
      await request.user();
      const change = parse(
        ClockRequest,
        request.body,
        'send { "advanceMs" } or { "set" }, with "freeze"?',
      );
      const moved = sim.clock.change(
        'advanceMs' in change
          ? { advanceMs: change.advanceMs }
          : 'set' in change
            ? { set: Date.parse(change.set) }
            : {},
        change.freeze,
      );
      if (!moved) throw refuse('invalid-request', 'the tester clock never goes backwards');
      return clockState();
    });

    app.post('/api/sim/cleanup', async (request) => {
      await request.user();
      return deps.runCleanup();
    });

    app.get('/api/sim/timeline', async (request) => {
      const user = await request.user();
      const { operationId } = parse(
        z.strictObject({ operationId: safeText().min(1).max(200) }),
        request.query,
        'send ?operationId=',
      );
      return { operationId, events: sim.timeline.get(user.id, operationId) };
    });
  };
