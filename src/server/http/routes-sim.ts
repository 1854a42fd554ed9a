/**
 * Tester mode (SIMULATE=1) routes. Not registered at all otherwise, so they answer 404. When on,
 * they answer loopback clients only (unless SIMULATE_ALLOW_REMOTE=1) and managers only: a tester
 * can sign everyone out or expire every lease, which no staff member or remote caller may do.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { ClockRequest, FaultRule, type ClockState } from '../../protocol/schemas';
import { safeText } from '../../protocol/text';
import { MAX_FAULT_RULES } from '../sim/faults';
import type { AppDeps, Sim } from './deps';
import { isLoopbackAddress } from './loopback';
import { refuse } from './problem';
import { parsePart } from './request-parts';
import { assertNever } from '../../protocol/assert-never';

export const simRoutes =
  (deps: AppDeps, sim: Sim): FastifyPluginAsync =>
  async (app) => {
    // Encapsulated in this plugin: it runs for the tester routes only, before authentication.
    // The socket's address, not a forwarded header: a proxy must not make a remote caller local.
    app.addHook('onRequest', async (request) => {
      if (!deps.config.simulateAllowRemote && !isLoopbackAddress(request.socket.remoteAddress)) {
        throw refuse('forbidden', 'tester mode answers loopback clients only');
      }
    });

    const manager = async (request: FastifyRequest) => {
      const user = await request.user();
      if (user.role !== 'manager') throw refuse('forbidden', 'tester mode is for managers');
      return user;
    };

    const clockState = (): ClockState => ({
      now: new Date(sim.clock.now()).toISOString(),
      frozen: sim.clock.frozen,
    });

    app.post('/api/sim/faults', async (request, reply) => {
      await manager(request);
      const rule = parsePart(
        FaultRule,
        request.body,
        'send { "fault", "times"?, "delayMs"?, "match"? }',
      );
      if (rule.fault === 'delay' && rule.delayMs === undefined) {
        throw refuse('invalid-request', 'a delay fault needs "delayMs"');
      }
      const added = sim.faults.add(rule);
      if (!added) {
        throw refuse(
          'invalid-request',
          `at most ${MAX_FAULT_RULES} fault rules; DELETE /api/sim/faults clears them`,
        );
      }
      return reply.code(201).send(added);
    });
    app.get('/api/sim/faults', async (request) => {
      await manager(request);
      return { rules: sim.faults.list() };
    });
    app.delete('/api/sim/faults', async (request, reply) => {
      await manager(request);
      sim.faults.clear();
      return reply.code(204).send();
    });

    app.delete('/api/sim/faults/:id', async (request, reply) => {
      await manager(request);
      const { id } = parsePart(
        z.strictObject({ id: safeText().check(z.minLength(1), z.maxLength(200)) }),
        request.params,
        'send the id of an armed fault rule',
      );
      if (!sim.faults.remove(id)) {
        throw refuse('not-found', 'no armed fault rule has this id (used up or removed already)');
      }
      return reply.code(204).send();
    });

    app.get('/api/sim/clock', async (request) => {
      await manager(request);
      return clockState();
    });
    app.post('/api/sim/clock', async (request) => {
      await manager(request);
      const change = parsePart(
        ClockRequest,
        request.body,
        'send { "advanceMs" } or { "set" }, with "freeze"?',
      );
      const result = sim.clock.change(
        'advanceMs' in change
          ? { advanceMs: change.advanceMs }
          : 'set' in change
            ? { set: Date.parse(change.set) }
            : {},
        change.freeze,
      );
      switch (result) {
        case 'moved':
          return clockState();
        case 'backwards':
          throw refuse('invalid-request', 'the tester clock never goes backwards');
        case 'out-of-range':
          throw refuse('invalid-request', 'the tester clock stays within the years 2000 to 2200');
        default:
          return assertNever(result);
      }
    });

    app.post('/api/sim/cleanup', async (request) => {
      await manager(request);
      const counts = await deps.runCleanup();
      // The settings they were judged by, so the panel can say what "compacted" meant.
      const { receiptTtlMs, tombstoneGraceMs } = deps.config;
      return { ...counts, receiptTtlMs, tombstoneGraceMs };
    });

    app.get('/api/sim/timeline', async (request) => {
      const caller = await manager(request);
      const { operationId, user } = parsePart(
        z.strictObject({
          operationId: safeText().check(z.minLength(1), z.maxLength(200)),
          user: z.optional(safeText().check(z.minLength(1), z.maxLength(128))),
        }),
        request.query,
        "send ?operationId= (and &user= for another person's operation)",
      );
      // Operation ids are scoped to their user: a tester watching a staff member's phone names them.
      const owner = user === undefined ? caller : await deps.store.userByName(user);
      if (!owner) throw refuse('not-found', `no user named "${user ?? ''}"`);
      return { operationId, events: sim.timeline.get(owner.id, operationId) };
    });
  };
