/**
 * One HTTP exchange with the server, bounded by a timeout (AbortController on the injected
 * clock). The result is a value: a response (any status), a timeout, or a network error. A
 * timeout covers the whole exchange, body included: a body that never finishes is no answer.
 */
import type { Clock } from '../core/clock';
import type { HttpOutcome } from '../core/http-outcome';

export interface HttpDeps {
  /** '' for the same origin as the page. */
  baseUrl: string;
  fetch: typeof fetch;
  clock: Clock;
  timeoutMs: number;
  /** Aborted when the client closes: whatever is in flight ends as a network error. */
  signal?: AbortSignal;
  /** Hears every outcome (whether the server answers: the status bar, recheck.ts). */
  observe?: (outcome: HttpOutcome) => void;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  token?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as `X-Request-Id`: the attempt id. */
  attemptId?: string;
}

export async function exchange(deps: HttpDeps, req: HttpRequest): Promise<HttpOutcome> {
  const outcome = await exchangeOnce(deps, req);
  deps.observe?.(outcome);
  return outcome;
}

async function exchangeOnce(deps: HttpDeps, req: HttpRequest): Promise<HttpOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = deps.clock.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, deps.timeoutMs);
  const onClose = () => controller.abort();
  deps.signal?.addEventListener('abort', onClose);
  const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
  if (req.token) headers.authorization = `Bearer ${req.token}`;
  if (req.attemptId) headers['x-request-id'] = req.attemptId;
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  try {
    if (deps.signal?.aborted) throw new Error('client closed');
    // Answers carry a person's data: none is kept in the browser's HTTP cache for the next person.
    const init: RequestInit = {
      method: req.method,
      headers,
      signal: controller.signal,
      cache: 'no-store',
    };
    if (req.body !== undefined) init.body = JSON.stringify(req.body);
    const res = await deps.fetch(`${deps.baseUrl}${req.path}`, init);
    const text = await res.text();
    return {
      kind: 'response',
      status: res.status,
      headers: res.headers,
      text,
      json: parseJson(text),
    };
  } catch (e) {
    if (timedOut) return { kind: 'timeout' };
    return { kind: 'network-error', message: e instanceof Error ? e.message : String(e) };
  } finally {
    deps.clock.clearTimeout(timer);
    deps.signal?.removeEventListener('abort', onClose);
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
