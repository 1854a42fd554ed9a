/**
 * How the PostgreSQL store reaches its database: directly, or through a transaction-mode pooler
 * (PgBouncer `pool_mode = transaction`, `PG_POOLER=transaction`), which lends each transaction
 * whichever server connection is free. Behind such a pooler nothing may live in a session:
 *   - no named statement: a name belongs to one server connection, which the next transaction may
 *     share with another client (`prepared statement "stockroom_1" already exists`, or a name
 *     that is missing). Statements go unnamed (parsed and planned each time).
 *   - no startup option: PgBouncer refuses `options=-c search_path=…` (and `ignore_startup_parameters`
 *     would silently drop it, putting the tables in `public`). A schema is set with
 *     `SET LOCAL search_path` as the second statement of every transaction, and a lone statement
 *     gets a transaction of its own around it, in the same round trip (pipelined).
 * Directly connected, statements keep their names (bench: pg_pooler_vs_direct) and the schema is
 * the connection's startup option. Advisory locks here are all transaction-scoped, so a pooler
 * keeps them (postgres-schema.ts, postgres-revision.ts).
 */
import pg from 'pg';
import type { QueryResult, QueryResultRow } from 'pg';
import { Pipeline, unnamed, type Statement } from './postgres-pipeline';
import { quoteIdent } from './postgres-schema';

export type Pooler = 'none' | 'transaction';

/** The statements of one unit of work, and which answer is the caller's. */
interface Unit {
  statements: Statement[];
  answer: number;
}

export class Database {
  /** What opens a transaction: BEGIN, and behind a pooler with a schema, the schema. */
  readonly begin: readonly Statement[];
  private readonly wrapLone: boolean;

  constructor(
    readonly pool: pg.Pool,
    readonly pooler: Pooler,
    schema: string | null,
  ) {
    const local = pooler === 'transaction' && schema !== null;
    this.begin = local ? ['BEGIN', `SET LOCAL search_path TO ${quoteIdent(schema)}`] : ['BEGIN'];
    this.wrapLone = local;
  }

  /** Named statements survive only on a connection of our own. */
  get named(): boolean {
    return this.pooler === 'none';
  }

  /** A pipeline on `client` that sends statements the way this connection allows. */
  pipeline(client: pg.PoolClient): Pipeline {
    return new Pipeline(client, this.named);
  }

  /** A statement on its own: the statements that carry it, and which answer is its own. */
  alone(statement: Statement): Unit {
    return this.wrapLone
      ? { statements: [...this.begin, statement, 'COMMIT'], answer: this.begin.length }
      : { statements: [statement], answer: 0 };
  }

  /** One statement on a connection of the pool (in a transaction of its own when it must be). */
  async query<R extends QueryResultRow>(statement: Statement): Promise<QueryResult<R>> {
    if (!this.wrapLone) return this.pool.query<R>(this.named ? statement : unnamed(statement));
    const [answer] = await this.units([this.alone(statement)]);
    return answer as QueryResult<R>;
  }

  /**
   * `work` in one transaction on one connection of the pool (BEGIN, and behind a pooler the
   * schema). A connection whose ROLLBACK failed is not handed out again.
   */
  async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      for (const statement of this.begin) await client.query(statement);
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollback: Error) => {
        broken = rollback;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Units in one round trip on one connection, in order: each one's answer. */
  async units(units: Unit[]): Promise<QueryResult[]> {
    const client = await this.pool.connect();
    const tx = this.pipeline(client);
    let broken: Error | undefined;
    try {
      const answers = await tx.sendAll(units.flatMap((u) => u.statements));
      let offset = 0;
      return units.map((u) => {
        const answer = answers[offset + u.answer];
        offset += u.statements.length;
        if (!answer) throw new Error('a pipelined statement got no answer');
        return answer;
      });
    } catch (error) {
      // An error inside a unit's transaction ended at its COMMIT; anything else may have left
      // one open.
      broken = await tx.rollback();
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

/** The pool options for `url`: the schema as a startup option only when directly connected. */
export function poolSettings(
  url: string,
  pooler: Pooler,
  schema: string | null,
): Pick<pg.PoolConfig, 'connectionString' | 'options'> {
  return {
    connectionString: url,
    ...(schema && pooler === 'none' ? { options: `-c search_path=${quoteIdent(schema)}` } : {}),
  };
}

/** What the start line says about the store's connection (empty when directly connected). */
export function poolerNote(pooler: Pooler): string {
  return pooler === 'transaction'
    ? 'PostgreSQL through a transaction pooler, PG_POOLER=transaction: unnamed statements, schema per transaction'
    : '';
}
