/**
 * When the sender runs in a tab: one round at a time; requests made meanwhile merge into the next
 * round (a new round wins over a plain kick); after the last, a timer for the time the round asked
 * to be woken (a backoff ending, a lease to refresh) or for the next look at resting work and at a
 * silent server (recheck.ts decides when).
 */
import type { Clock } from './core/clock';
import { nextWake, type RecheckPolicy } from './core/recheck';
import type { RoundReport, RoundStart } from './sender';

const IDLE: RoundReport = {
  end: 'idle',
  wakeAt: null,
  refreshAt: null,
  workLeft: false,
  attempts: 0,
  receipts: 0,
};

export interface RecheckDeps {
  random: () => number;
  policy: RecheckPolicy;
  /** Online, and the last request got no answer from the server. */
  unreachable: () => boolean;
  /** The planned checks changed (the status bar and the waiting detail show them). */
  planned: () => void;
}

export class RoundScheduler {
  private running: Promise<RoundReport> | null = null;
  private pending: RoundStart | null = null;
  private timer: unknown = null;
  private stopped = false;
  private timerAt: number | null = null;
  private recheckAt: number | null = null;
  private resting = false;

  constructor(
    private readonly clock: Clock,
    /** One round; null when there was nothing to do for this start. */
    private readonly round: (start: RoundStart) => Promise<RoundReport | null>,
    private readonly track: (work: Promise<unknown>) => void,
    private readonly recheck: RecheckDeps,
  ) {}

  /** When the sender next talks to the server by itself (null: nothing planned). */
  get nextCheckAt(): number | null {
    return this.timerAt;
  }

  /** When resting work is next checked again (null: none rests, or none is planned). */
  get nextRecheckAt(): number | null {
    return this.resting ? this.recheckAt : null;
  }

  /** The last round left work resting as "Stored · waiting to retry". */
  get isResting(): boolean {
    return this.resting;
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  kick(start: RoundStart = {}): Promise<RoundReport> {
    this.pending = {
      newRound: (this.pending?.newRound ?? false) || (start.newRound ?? false),
      resendId: start.resendId ?? this.pending?.resendId ?? null,
      recheck: (this.pending?.recheck ?? false) || (start.recheck ?? false),
    };
    if (!this.running) {
      this.running = this.loop().finally(() => {
        this.running = null;
      });
      this.track(this.running);
    }
    return this.running;
  }

  private async loop(): Promise<RoundReport> {
    let report = IDLE;
    let checked = false;
    while (this.pending && !this.stopped) {
      const start = this.pending;
      this.pending = null;
      this.clock.clearTimeout(this.timer);
      this.timer = null;
      checked ||= (start.newRound ?? false) || (start.recheck ?? false);
      report = (await this.round(start)) ?? report;
    }
    if (!this.stopped) this.plan(report, checked);
    return report;
  }

  private plan(report: RoundReport, checked: boolean): void {
    const now = this.clock.now();
    const wake = nextWake(
      {
        end: report.end,
        wakeAt: report.wakeAt,
        refreshAt: report.refreshAt ?? null,
        resting: report.resting ?? false,
        unreachable: this.recheck.unreachable(),
        recheckAt: this.recheckAt,
        checked,
        now,
        jitter: this.recheck.random,
      },
      this.recheck.policy,
    );
    this.recheckAt = wake.recheckAt;
    this.resting = report.resting ?? false;
    this.timerAt = wake.timer?.at ?? null;
    if (wake.timer) {
      const recheck = wake.timer.recheck;
      this.timer = this.clock.setTimeout(
        () => {
          this.timer = null;
          void this.kick({ recheck });
        },
        Math.max(0, wake.timer.at - now),
      );
    }
    this.recheck.planned();
  }

  stop(): void {
    this.stopped = true;
    this.clock.clearTimeout(this.timer);
  }
}
