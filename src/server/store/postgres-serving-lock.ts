/**
 * "A server is using this database" on PostgreSQL, per schema: every store (each server process,
 * each `npm run users`) holds a shared advisory lock for its schema on a connection of its own for
 * as long as it is open; `npm run restore` needs the same lock exclusively, so it is refused while
 * any store is open, and a server that starts during a restore waits for it to finish.
 * (Session advisory locks need a direct connection, never one through a transaction-mode pooler.)
 */
import pg from 'pg';

/** The two-key form (class, object): apart from the migration lock's one-key space. */
const SERVING_LOCK_CLASS = 0x5707;

export const servingLockKey = (schema: string | null) =>
  [SERVING_LOCK_CLASS, schema ?? 'public'] as const;

const KEY_SQL = '$1::int, hashtext($2)::int';

/** Waits between attempts to take the lock again, doubling up to the last. */
const RETAKE_DELAYS_MS = [50, 100, 200, 400, 800, 1600];

/**
 * The shared lock on a connection of its own, held until `end()`. A lost connection (PostgreSQL
 * restarted, the backend terminated, the network cut) releases a session lock with it, so
 * `npm run restore` could then take the lock exclusively under a live server: the lock is taken
 * again at once, on a new connection, retrying (briefly apart) until it is. Taking it again waits
 * for a restore that got in first to finish.
 */
export class ServingLock {
  /** The connection holding the lock, or the one taking it (`end()` ends either). */
  private client: pg.Client | null = null;
  private ended = false;

  private constructor(
    private readonly url: string,
    private readonly schema: string | null,
  ) {}

  /** Connects and takes the lock; a failure here is the caller's (the store does not open). */
  static async hold(url: string, schema: string | null): Promise<ServingLock> {
    const lock = new ServingLock(url, schema);
    await lock.take();
    return lock;
  }

  async end(): Promise<void> {
    this.ended = true;
    const client = this.client;
    this.client = null;
    await client?.end();
  }

  private async take(): Promise<void> {
    // Named as what it is, apart from the pool's connections (whose name the URL may set).
    const own = new URL(this.url);
    own.searchParams.delete('application_name');
    const client = new pg.Client({
      connectionString: own.toString(),
      application_name: 'stockroom-serving-lock',
    });
    client.on('error', () => undefined);
    this.client = client;
    let held = false;
    client.once('end', () => {
      if (held && this.client === client) this.lost();
    });
    try {
      await client.connect();
      await client.query(`SELECT pg_advisory_lock_shared(${KEY_SQL})`, [
        ...servingLockKey(this.schema),
      ]);
      held = true;
    } catch (error) {
      if (this.client === client) this.client = null;
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  private lost(): void {
    this.client = null;
    if (!this.ended) void this.retake();
  }

  private async retake(): Promise<void> {
    for (let attempt = 0; !this.ended; attempt++) {
      try {
        await this.take();
        return;
      } catch {
        const delay = RETAKE_DELAYS_MS[Math.min(attempt, RETAKE_DELAYS_MS.length - 1)] ?? 0;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }
}

/** Takes the lock exclusively on `client` if nothing holds it; false when a store is open. */
export async function tryExclusiveServingLock(client: pg.Client, schema: string): Promise<boolean> {
  const r = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(${KEY_SQL}) AS ok`, [
    ...servingLockKey(schema),
  ]);
  return r.rows[0]?.ok === true;
}
