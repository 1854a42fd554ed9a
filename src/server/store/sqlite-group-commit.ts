/**
 * Group commit for the SQLite store: `apply` calls that arrive while the event loop is busy are
 * queued and flushed together in ONE transaction, each call in its own savepoint with its own
 * outcome. A `201` still means durable (every promise resolves only after COMMIT), but the fsync
 * is paid once per group.
 *
 *   apply() ──► pending[] ──setImmediate──► flush: BEGIN IMMEDIATE
 *                                              ├─ SAVEPOINT g1 … RELEASE / ROLLBACK TO (fault)
 *                                              ├─ SAVEPOINT g2 …
 *                                              ├─ export deliveries recorded (markExported)
 *                                              └─ COMMIT ──► resolve every group
 *
 * The export worker's delivery records ride in the same queue: recording them costs no commit
 * (no fsync on the server's thread) of its own while operations are flowing.
 */
import { performance } from 'node:perf_hooks';
import type { ApplyStep, ApplyTx } from './sqlite-apply';
import type { ApplyOptions, ApplyRequest, ApplyResult, ApplyTiming } from './store';
import { SimulatedCrash } from './store-errors';

/** Export rows to record as delivered at `at`, in a group's savepoint. */
export interface Delivered {
  effectIds: readonly string[];
  at: number;
}

/** One `apply` call (or one `markExported`: no requests, `delivered` set) waiting for the next flush. */
interface Group {
  requests: ApplyRequest[];
  options: ApplyOptions;
  delivered?: Delivered;
  resolve: (value: { results: ApplyResult[]; timing: ApplyTiming }) => void;
  reject: (error: unknown) => void;
}

/** Each group's savepoint; a step that ends the transaction early must open it again. */
export const SAVEPOINT = 'request';

export class GroupCommit {
  private pending: Group[] = [];
  private flushScheduled = false;
  private readonly sql;

  constructor(
    private readonly tx: ApplyTx,
    private readonly step: ApplyStep,
    /** Records a `markExported` call's rows, inside its group's savepoint. */
    private readonly recordDelivered: (delivered: Delivered) => void,
    /** false: one transaction (and one fsync) per call; for the group-commit benchmark. */
    private readonly grouped: boolean,
  ) {
    const { db } = tx;
    this.sql = {
      begin: db.prepare('BEGIN IMMEDIATE'),
      commit: db.prepare('COMMIT'),
      savepoint: db.prepare(`SAVEPOINT ${SAVEPOINT}`),
      release: db.prepare(`RELEASE ${SAVEPOINT}`),
      rollbackTo: db.prepare(`ROLLBACK TO ${SAVEPOINT}`),
    };
  }

  enqueue(
    requests: ApplyRequest[],
    options: ApplyOptions,
    delivered?: Delivered,
  ): Promise<{ results: ApplyResult[]; timing: ApplyTiming }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ requests, options, resolve, reject, ...(delivered && { delivered }) });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Resolves once every queued group has committed (or failed). */
  async drained(): Promise<void> {
    while (this.pending.length || this.flushScheduled) await new Promise((r) => setImmediate(r));
  }

  private flush(): void {
    this.flushScheduled = false;
    const groups = this.grouped ? this.pending.splice(0) : this.pending.splice(0, 1);
    if (this.pending.length) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
    this.commit(groups);
  }

  /** One transaction for the groups, each in its own savepoint; settles every group's promise. */
  private commit(groups: Group[]): void {
    const started = performance.now();
    const outcomes: { group: Group; results?: ApplyResult[]; error?: unknown }[] = [];
    try {
      this.sql.begin.run();
      for (const group of groups) {
        this.sql.savepoint.run();
        try {
          const results = group.requests.map((r) => this.step(this.tx, r, group.options.now));
          if (group.delivered) this.recordDelivered(group.delivered);
          if (group.options.failBeforeCommit) throw new SimulatedCrash();
          this.sql.release.run();
          outcomes.push({ group, results });
        } catch (error) {
          this.sql.rollbackTo.run();
          this.sql.release.run();
          outcomes.push({ group, error });
        }
      }
      const beforeCommit = performance.now();
      this.sql.commit.run();
      const timing = { tx: beforeCommit - started, commit: performance.now() - beforeCommit };
      for (const { group, results, error } of outcomes) {
        if (results) group.resolve({ results, timing });
        else group.reject(error);
      }
    } catch (error) {
      if (this.tx.db.inTransaction) this.tx.db.exec('ROLLBACK');
      groups.forEach((g) => g.reject(error));
    }
  }
}
