/** The real server, started in-process for the client suites (no mocks of the server). */
import { SessionResponse, type User } from '../../../src/protocol/schemas';
import { startServer, type RunningServer, type TestHooks } from '../../../src/server/start';

export const CLIENT_SUITE_ENV: Record<string, string> = {
  DATABASE_URL: 'sqlite::memory:',
  PORT: '0',
  HOST: '127.0.0.1',
  SIMULATE: '1',
  DEMO: '1',
  STOCKROOM_SECRET: 'test-secret',
  // Cheap password hashes for the many sign-ins of the suites (production's N = 2^17 is tested
  // in src/server/passwords.test.ts and tests/api/production.test.ts).
  PASSWORD_COST: '12',
  CLEANUP_INTERVAL: '365d',
  SESSION_TTL: '3650d',
};

export function startClientSuiteServer(
  env: Record<string, string> = {},
  hooks?: TestHooks,
): Promise<RunningServer> {
  return startServer({ ...CLIENT_SUITE_ENV, ...env }, hooks);
}

export interface Session {
  token: string;
  user: User;
}

export async function signInDirect(url: string, username = 'demo'): Promise<Session> {
  const res = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: username }),
  });
  return SessionResponse.parse(await res.json());
}

/** A tester call as a black-box test makes it (faults, clock, cleanup). */
export async function simCall(
  url: string,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const init: RequestInit = { method, headers: { authorization: `Bearer ${token}` } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  const res = await fetch(`${url}${path}`, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}
