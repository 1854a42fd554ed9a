/**
 * Configuration from the environment (docs/operations.md#configuration). Invalid settings are
 * refused at start with a clear message, never discovered later.
 */
import { isIP } from 'node:net';
import { parseDuration } from '../protocol/duration';
import { retentionProblems, type RetentionSettings } from './core/retention';
import type { Pooler } from './store/postgres-connection';
import { DEFAULT_LEDGER_MAX_BYTES } from './export/file-sink';
import { DEFAULT_PASSWORD_COST, MAX_PASSWORD_COST, MIN_PASSWORD_COST } from './passwords';

/** A setting that stops the server (or the users command) at start, with a message naming it. */
export class ConfigError extends Error {
  readonly kind = 'config';
}

/** Lease-signing secrets shorter than this are refused (docs/api.md#authentication). */
export const MIN_SECRET_BYTES = 32;

export interface Config extends RetentionSettings {
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL past any pooler, for the migrations (DATABASE_DIRECT_URL); null: DATABASE_URL. */
  databaseDirectUrl: string | null;
  /** 'transaction' when DATABASE_URL is a transaction-mode pooler such as PgBouncer (PG_POOLER). */
  pgPooler: Pooler;
  /** Connections each process's PostgreSQL pool may open (PG_POOL_SIZE). */
  pgPoolSize: number;
  demo: boolean;
  simulate: boolean;
  simulateAllowRemote: boolean;
  /** Addresses (or `loopback`) of reverse proxies whose X-Forwarded-For names the client. */
  trustProxy: string | null;
  cleanupIntervalMs: number;
  sessionTtlMs: number;
  leaseSize: number;
  /** null: development without a configured secret (one is made and kept beside the database). */
  secret: string | null;
  previousSecret: string | null;
  production: boolean;
  /** scrypt cost for new password hashes, log2 N (production: at least 17). */
  passwordCost: number;
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** Concurrent operation requests share one SQLite transaction (one fsync). */
  groupCommit: boolean;
  exportFile: string;
  /** EXPORT_FILE was set explicitly. */
  exportFileSet: boolean;
  exportWebhookUrl: string | null;
  /** Operations in flight at once before new ones queue; and how long one may queue before it is shed. */
  maxInFlight: number;
  maxQueueWaitMs: number;
  staticDir: string;
  /** Slow clients (HTTP hygiene): headers and body in time, idle keep-alive, open connections. */
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  /** Open connections per client socket address (IPv6 by /64); a trusted proxy is not counted. */
  maxConnectionsPerAddress: number;
  /** When set, `/metrics` needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** When set, `/metrics` is served on this loopback port instead of the app's. */
  metricsPort: number | null;
  /** Scheduled backups (docs/operations.md#backups-and-restore): the folder (null: none), how
   * often, how many kept. */
  backupDir: string | null;
  backupIntervalMs: number;
  backupKeep: number;
  /** false (`MIGRATE=0`): a database with pending migrations stops the start instead. */
  migrate: boolean;
  /** SIGTERM/SIGINT: the whole stop (drain, export worker, store) ends within this. */
  shutdownTimeoutMs: number;
  /** The JSON-lines ledger moves to a numbered file once it would grow past this many bytes. */
  exportFileMaxBytes: number;
}

export type Env = Record<string, string | undefined>;

const HOUR_MS = 3_600_000;
const MIN_EXPORT_FILE_BYTES = 1024;
const SIZE_UNITS: Record<string, number> = {
  '': 1,
  B: 1,
  KIB: 1024,
  MIB: 1024 ** 2,
  GIB: 1024 ** 3,
};

/** `65536`, `512KiB`, `64MiB`, `1GiB` (binary units; case ignored) → bytes, or null. */
export function parseByteSize(text: string): number | null {
  const m = /^(\d+)\s*([a-z]*)$/i.exec(text.trim());
  const unit = m ? SIZE_UNITS[(m[2] ?? '').toUpperCase()] : undefined;
  if (!m || unit === undefined) return null;
  const bytes = Number(m[1]) * unit;
  return Number.isSafeInteger(bytes) ? bytes : null;
}

/** log2 N for scrypt: production never below the default 2^17; tests may go lower. */
export function passwordCostRange(production: boolean): [min: number, max: number] {
  return [production ? DEFAULT_PASSWORD_COST : MIN_PASSWORD_COST, MAX_PASSWORD_COST];
}

/** One entry of TRUST_PROXY: an IP address, a CIDR range, or one of proxy-addr's names. */
function isProxyAddress(part: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(part)) return true;
  const [address = '', bits, ...rest] = part.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * What is wrong with the webhook's address, or null. Only http(s); no user or password in it: the
 * address appears in logs and errors, and a secret there would be written out on every retry (a
 * receiver that needs one should take it in a header this server does not send yet, or behind a
 * proxy). The message never repeats the address itself.
 */
export function webhookUrlProblem(text: string | null): string | null {
  if (text === null) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a valid URL (use http://host/path or https://host/path)';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `use an http:// or https:// address, not ${url.protocol}`;
  }
  if (url.username !== '' || url.password !== '') {
    return 'must not contain a user name or password (they would be written into the log)';
  }
  return null;
}

export const DEFAULT_DATABASE_URL = 'sqlite:data/stockroom.db';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/;

export function loadConfig(
  env: Env,
): { ok: true; config: Config } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const duration = (name: string, fallback: string): number => {
    try {
      return parseDuration(env[name] ?? fallback);
    } catch (e) {
      problems.push(`${name}: ${(e as Error).message}`);
      return 0;
    }
  };
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    const n = Number(text);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name}: "${text}" is not a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };
  const byteSize = (name: string, fallback: string): number => {
    const text = env[name] || fallback;
    const bytes = parseByteSize(text);
    if (bytes === null || bytes < MIN_EXPORT_FILE_BYTES) {
      problems.push(`${name}: "${text}" is not a size of at least 1KiB (e.g. 64MiB, 1GiB)`);
      return parseByteSize(fallback) ?? 0;
    }
    return bytes;
  };
  const flag = (name: string, fallback: boolean): boolean => {
    const text = env[name];
    if (text === undefined || text === '') return fallback;
    if (text === '1' || text === 'true') return true;
    if (text === '0' || text === 'false') return false;
    problems.push(`${name}: use 1 or 0`);
    return fallback;
  };

  const databaseUrl = env['DATABASE_URL'] || DEFAULT_DATABASE_URL;
  if (!databaseUrl.startsWith('sqlite:') && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL: use sqlite:<path>, sqlite::memory: or postgres://…');
  }
  const isSqlite = databaseUrl.startsWith('sqlite:');
  const databaseDirectUrl = env['DATABASE_DIRECT_URL'] || null;
  if (databaseDirectUrl !== null && (isSqlite || !/^postgres(ql)?:\/\//.test(databaseDirectUrl))) {
    problems.push('DATABASE_DIRECT_URL: a postgres://… URL, with a PostgreSQL DATABASE_URL');
  }
  const pgPooler = env['PG_POOLER'] || 'none';
  if (pgPooler !== 'none' && pgPooler !== 'transaction') {
    problems.push(
      'PG_POOLER: use transaction (DATABASE_URL is PgBouncer in transaction mode) or none',
    );
  } else if (pgPooler === 'transaction' && isSqlite) {
    problems.push('PG_POOLER: only with a PostgreSQL DATABASE_URL');
  } else if (pgPooler === 'transaction' && databaseDirectUrl === null) {
    problems.push(
      'PG_POOLER=transaction needs DATABASE_DIRECT_URL (PostgreSQL itself, past the pooler): ' +
        'the serving lock and the migrations hold a session, which a transaction pooler cannot give',
    );
  }
  const production = env['NODE_ENV'] === 'production';
  const synchronous = (env['SQLITE_SYNCHRONOUS'] ?? 'FULL').toUpperCase();
  if (synchronous !== 'FULL' && synchronous !== 'NORMAL') {
    problems.push('SQLITE_SYNCHRONOUS: use FULL (default) or NORMAL');
  }

  const config: Config = {
    port: integer('PORT', 8080, 0, 65535),
    host: env['HOST'] || '127.0.0.1',
    databaseUrl,
    databaseDirectUrl,
    pgPooler: pgPooler === 'transaction' ? 'transaction' : 'none',
    pgPoolSize: integer('PG_POOL_SIZE', 10, 1, 1000),
    // Production never gets demo users or items unless asked for by name.
    demo: flag('DEMO', isSqlite && !production),
    simulate: flag('SIMULATE', false),
    simulateAllowRemote: flag('SIMULATE_ALLOW_REMOTE', false),
    trustProxy: env['TRUST_PROXY'] || null,
    leaseTtlMs: duration('LEASE_TTL', '7d'),
    receiptTtlMs: duration('RECEIPT_TTL', '2d'),
    tombstoneGraceMs: duration('TOMBSTONE_GRACE', '7d'),
    settleMs: duration('SETTLE', '5m'),
    cleanupIntervalMs: duration('CLEANUP_INTERVAL', '1h'),
    sessionTtlMs: duration('SESSION_TTL', '30d'),
    leaseSize: integer('LEASE_SIZE', 10_000, 1, 1_000_000),
    secret: env['STOCKROOM_SECRET'] || null,
    previousSecret: env['STOCKROOM_SECRET_PREVIOUS'] || null,
    production,
    passwordCost: integer('PASSWORD_COST', DEFAULT_PASSWORD_COST, ...passwordCostRange(production)),
    sqliteSynchronous: synchronous === 'NORMAL' ? 'NORMAL' : 'FULL',
    groupCommit: flag('GROUP_COMMIT', true),
    exportFile: env['EXPORT_FILE'] || 'data/export.jsonl',
    exportFileSet: Boolean(env['EXPORT_FILE']),
    exportWebhookUrl: env['EXPORT_WEBHOOK_URL'] || null,
    maxInFlight: integer('MAX_IN_FLIGHT', 256, 1, 100_000),
    maxQueueWaitMs: duration('MAX_QUEUE_WAIT', '2s'),
    staticDir: env['STATIC_DIR'] || 'dist',
    requestTimeoutMs: duration('REQUEST_TIMEOUT', '30s'),
    keepAliveTimeoutMs: duration('KEEP_ALIVE_TIMEOUT', '72s'),
    // Thousands of a chain's devices reconnect at once; an open connection costs a few kB, and
    // admission control (not this cap) decides what work starts. Past the cap a connection only
    // gets `Retry-After: 1`, which brings every refused device back in the same second.
    maxConnections: integer('MAX_CONNECTIONS', 10_000, 1, 1_000_000),
    // One host cannot hold every connection (docs/api.md#sign-in-limits).
    maxConnectionsPerAddress: integer('MAX_CONNECTIONS_PER_ADDRESS', 256, 1, 1_000_000),
    metricsToken: env['METRICS_TOKEN'] || null,
    metricsPort: env['METRICS_PORT'] ? integer('METRICS_PORT', 0, 0, 65535) : null,
    backupDir: env['BACKUP_DIR'] || null,
    backupIntervalMs: duration('BACKUP_INTERVAL', '24h'),
    backupKeep: integer('BACKUP_KEEP', 14, 1, 10_000),
    migrate: flag('MIGRATE', true),
    shutdownTimeoutMs: duration('SHUTDOWN_TIMEOUT', '10s'),
    exportFileMaxBytes: byteSize('EXPORT_FILE_MAX_SIZE', `${DEFAULT_LEDGER_MAX_BYTES}`),
  };

  if (config.cleanupIntervalMs <= 0) problems.push('CLEANUP_INTERVAL must be more than 0');
  if (config.backupIntervalMs <= 0) problems.push('BACKUP_INTERVAL must be more than 0');
  if (config.backupDir !== null && databaseUrl === 'sqlite::memory:') {
    problems.push('BACKUP_DIR: a memory database (sqlite::memory:) has nothing to back up');
  }
  if (config.sessionTtlMs <= 0) problems.push('SESSION_TTL must be more than 0');
  if (config.leaseTtlMs <= 0) problems.push('LEASE_TTL must be more than 0');
  for (const [name, ms] of [
    ['REQUEST_TIMEOUT', config.requestTimeoutMs],
    ['KEEP_ALIVE_TIMEOUT', config.keepAliveTimeoutMs],
    ['SHUTDOWN_TIMEOUT', config.shutdownTimeoutMs],
  ] as const) {
    if (ms <= 0 || ms > HOUR_MS) problems.push(`${name} must be more than 0 and at most 1h`);
  }
  problems.push(...retentionProblems(config));
  if (production && !config.secret) problems.push('STOCKROOM_SECRET is required in production');
  for (const [name, value] of [
    ['STOCKROOM_SECRET', config.secret],
    ['STOCKROOM_SECRET_PREVIOUS', config.previousSecret],
  ] as const) {
    if (production && value !== null && Buffer.byteLength(value) < MIN_SECRET_BYTES) {
      problems.push(
        `${name} must be at least ${MIN_SECRET_BYTES} bytes in production ` +
          '(make one with: openssl rand -base64 48)',
      );
    }
  }
  if (!isSqlite && !config.secret) {
    problems.push('STOCKROOM_SECRET is required with PostgreSQL (every process must share it)');
  }
  const badProxy = (config.trustProxy ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => config.trustProxy !== null && !isProxyAddress(part));
  if (badProxy.length > 0) {
    problems.push(
      `TRUST_PROXY: "${badProxy.join('", "')}" is not an address, a CIDR range or loopback`,
    );
  }
  const webhook = webhookUrlProblem(config.exportWebhookUrl);
  if (webhook) problems.push(`EXPORT_WEBHOOK_URL: ${webhook}`);
  if (config.simulate && config.trustProxy !== null) {
    // The tester routes trust a loopback socket address; behind a proxy every request has one.
    problems.push(
      'SIMULATE=1 cannot be used with TRUST_PROXY (behind a proxy the socket address no longer ' +
        'says who is on this machine); unset one of them',
    );
  }
  if (config.simulate && !config.simulateAllowRemote && !LOOPBACK.test(config.host)) {
    problems.push('SIMULATE=1 listens on loopback only (set SIMULATE_ALLOW_REMOTE=1 to override)');
  }
  return problems.length ? { ok: false, problems } : { ok: true, config };
}
