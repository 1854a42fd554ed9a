/**
 * The tester routes (`/api/sim/*`, docs/api.md#tester-mode), called with the signed-in session.
 * Answers are values: the panel shows what happened, it never throws at the person.
 */
import { z } from 'zod/mini';
import {
  ArmedFault,
  ArmedFaults,
  CleanupResult,
  ClockState,
  TimelineResponse,
  type FaultRule,
  type TimelineEvent,
} from '../protocol/schemas';

export type SimResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** A fetch that adds the session's `Authorization` header; supplied by whoever holds the token. */
export type AuthorizedFetch = (path: string, init?: RequestInit) => Promise<Response>;

// The cleanup answer is not among the shared schemas yet; only the two counts are read.

export interface SimApi {
  /** The rule as the server stored it (its `id` removes it). */
  addFault(rule: FaultRule): Promise<SimResult<ArmedFault>>;
  clearFaults(): Promise<SimResult<unknown>>;
  /** The armed rules, in the order they act. */
  faults(): Promise<SimResult<ArmedFault[]>>;
  removeFault(id: string): Promise<SimResult<unknown>>;
  clock(): Promise<SimResult<ClockState>>;
  advanceClock(advanceMs: number): Promise<SimResult<ClockState>>;
  cleanup(): Promise<SimResult<CleanupResult>>;
  timeline(operationId: string): Promise<SimResult<TimelineEvent[]>>;
}

async function call<T>(
  fetcher: AuthorizedFetch,
  path: string,
  init: RequestInit,
  schema: z.ZodMiniType<T>,
): Promise<SimResult<T>> {
  let response: Response;
  try {
    response = await fetcher(path, init);
  } catch {
    return { ok: false, message: 'The server could not be reached.' };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = z.object({ detail: z.string() }).safeParse(body);
    return {
      ok: false,
      message: detail.success ? detail.data.detail : `HTTP ${response.status}`,
    };
  }
  const parsed = schema.safeParse(body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: 'The server answered in an unexpected shape.' };
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export function createSimApi(fetcher: AuthorizedFetch): SimApi {
  return {
    addFault: (rule) => call(fetcher, '/api/sim/faults', json('POST', rule), ArmedFault),
    clearFaults: () => call(fetcher, '/api/sim/faults', { method: 'DELETE' }, z.unknown()),
    faults: async () => {
      const result = await call(fetcher, '/api/sim/faults', { method: 'GET' }, ArmedFaults);
      return result.ok ? { ok: true, value: result.value.rules } : result;
    },
    removeFault: (id) =>
      call(fetcher, `/api/sim/faults/${encodeURIComponent(id)}`, { method: 'DELETE' }, z.unknown()),
    clock: () => call(fetcher, '/api/sim/clock', { method: 'GET' }, ClockState),
    advanceClock: (advanceMs) =>
      call(fetcher, '/api/sim/clock', json('POST', { advanceMs }), ClockState),
    cleanup: () => call(fetcher, '/api/sim/cleanup', json('POST', {}), CleanupResult),
    timeline: async (operationId) => {
      const path = `/api/sim/timeline?operationId=${encodeURIComponent(operationId)}`;
      const result = await call(fetcher, path, { method: 'GET' }, TimelineResponse);
      return result.ok ? { ok: true, value: result.value.events } : result;
    },
  };
}
