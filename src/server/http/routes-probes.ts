/**
 * Probes for whatever runs the server (docs/operations.md#probes): `/livez` says
 * the process runs and never touches the store; `/readyz` says whether it should get traffic: the
 * store answers one trivial query within 2 s, every migration is applied, and no stop has begun.
 * Neither needs a token; neither may be cached.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Store } from '../store/store';
import type { AppDeps } from './deps';
import { identityFields } from './identity-fields';
import { sendProblem } from './send-problem';

/** How long the readiness query may take before the store counts as not answering. */
export const READY_QUERY_MS = 2_000;

export type Readiness =
  | ({ ready: true; store: Store['kind']; schema: number } & ReturnType<typeof identityFields>)
  | { ready: false; reason: string };

/** Whether the server should get traffic, and if not, why (the problem's `detail`). */
export async function readiness(store: Store, stopping: () => boolean): Promise<Readiness> {
  if (stopping()) return { ready: false, reason: 'the server is shutting down' };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_QUERY_MS);
  });
  let schema: number | 'timeout';
  let epoch: ReturnType<typeof identityFields> | null = null;
  try {
    schema = await Promise.race([store.schemaVersion(), timeout]);
    // The epoch only once the schema has it (a database with migrations pending may not).
    if (schema === store.latestSchema) {
      const identity = await Promise.race([store.identity(), timeout]);
      if (identity === 'timeout') schema = 'timeout';
      else epoch = identityFields(identity);
    }
  } catch {
    return { ready: false, reason: 'the database does not answer (the query failed)' };
  } finally {
    clearTimeout(timer);
  }
  if (schema === 'timeout') {
    return { ready: false, reason: `the database did not answer within ${READY_QUERY_MS} ms` };
  }
  if (schema < store.latestSchema) {
    return {
      ready: false,
      reason: `migrations pending: the database is at schema ${schema}, this version needs ${store.latestSchema}`,
    };
  }
  if (schema > store.latestSchema) {
    return {
      ready: false,
      reason: `the database's schema ${schema} is newer than this version's (${store.latestSchema})`,
    };
  }
  // A stop may have begun while the query ran.
  if (stopping()) return { ready: false, reason: 'the server is shutting down' };
  // Read above whenever the schema is this version's, which it is here.
  if (epoch === null) return { ready: false, reason: 'the database has no epoch' };
  return { ready: true, store: store.kind, schema, ...epoch };
}

function noStore(reply: FastifyReply, stopping: boolean): void {
  void reply.header('Cache-Control', 'no-store');
  // A probe on a kept-alive connection after the stop began closes it, like every other answer.
  if (stopping) void reply.header('Connection', 'close');
}

export const probeRoutes =
  (deps: Pick<AppDeps, 'store' | 'lifecycle'>): FastifyPluginAsync =>
  async (app) => {
    const stopping = () => deps.lifecycle.stopping;
    app.get('/livez', async (_request, reply) => {
      noStore(reply, stopping());
      return { ok: true };
    });
    app.get('/readyz', async (request, reply) => {
      const verdict = await readiness(deps.store, stopping);
      noStore(reply, stopping());
      if (verdict.ready) return verdict;
      request.log.warn({ reason: verdict.reason }, 'not ready');
      return sendProblem(reply, { code: 'not-ready', detail: verdict.reason });
    });
  };
