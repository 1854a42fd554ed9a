/**
 * Fewer round trips on one connection. The pool's clients run in pg's pipeline mode
 * (https://node-postgres.com/features/pipelining): statements are written without waiting for the
 * previous answer, the server runs them strictly in order, and each has its own Sync, so every
 * statement gets its own answer or error. Inside a transaction block an error still aborts the
 * transaction: the statements after it fail too, and a COMMIT after it rolls back.
 *
 * `defer` queues a statement whose answer nobody reads before the next `send`; `send` writes the
 * queued ones and its own together and waits for all of them, so a deferred write that failed
 * fails the `send` that carried it (never silently).
 */
import type { Client, QueryResult, QueryResultRow } from 'pg';

export type Statement = string | { name?: string; text: string; values?: unknown[] };

/** The same statement without a server-side name (behind a transaction pooler). */
export function unnamed(statement: Statement): Statement {
  return typeof statement === 'string'
    ? statement
    : { text: statement.text, ...(statement.values ? { values: statement.values } : {}) };
}

export class Pipeline {
  private readonly queued: Statement[] = [];

  /** `named`: false behind a transaction pooler, where statements must go unnamed. */
  constructor(
    private readonly client: Client,
    private readonly named = true,
  ) {}

  defer(statement: Statement): void {
    this.queued.push(statement);
  }

  /** Sends the deferred statements and this one; its answer, or the first error in order. */
  async send<R extends QueryResultRow>(statement: Statement): Promise<QueryResult<R>> {
    const answers = await this.sendAll([statement]);
    return answers[answers.length - 1] as QueryResult<R>;
  }

  /** Sends the deferred statements and these; all their answers in order, or the first error. */
  async sendAll(statements: Statement[]): Promise<QueryResult[]> {
    const batch = [...this.queued.splice(0), ...statements];
    // pg writes each statement as it is queued; corked, they leave in one write (one syscall).
    const socket = this.client.connection.stream;
    socket.cork();
    let pending: Promise<QueryResult>[];
    try {
      pending = batch.map((s) => this.client.query(this.named ? s : unnamed(s)));
    } finally {
      socket.uncork();
    }
    const answers = await Promise.allSettled(pending);
    const failed = answers.find((a) => a.status === 'rejected');
    if (failed) throw failed.reason;
    return answers
      .slice(-statements.length)
      .map((a) => (a as PromiseFulfilledResult<QueryResult>).value);
  }

  /** Ends a failed transaction; the error to release the connection with, if it is not usable. */
  async rollback(): Promise<Error | undefined> {
    this.queued.length = 0;
    try {
      await this.client.query('ROLLBACK');
      return undefined;
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }
}
