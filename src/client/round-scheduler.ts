/**
 * When the sender runs in a tab: one round at a time; requests made meanwhile merge into the next
 * round (a new round wins over a plain kick); after the last, a timer for the time the round asked
 * to be woken (a backoff ending, a lease to refresh).
 */
import type { Clock } from './core/clock';
import type { RoundReport, RoundStart } from './sender';

const IDLE: RoundReport = {
  end: 'idle',
  wakeAt: null,
  refreshAt: null,
  workLeft: false,
  attempts: 0,
  receipts: 0,
};

export class RoundScheduler {
  private running: Promise<RoundReport> | null = null;
  private pending: RoundStart | null = null;
  private timer: unknown = null;
  private stopped = false;

  constructor(
    private readonly clock: Clock,
    /** One round; null when there was nothing to do for this start. */
    private readonly round: (start: RoundStart) => Promise<RoundReport | null>,
    private readonly track: (work: Promise<unknown>) => void,
  ) {}

  kick(start: RoundStart = {}): Promise<RoundReport> {
    this.pending = {
      newRound: (this.pending?.newRound ?? false) || (start.newRound ?? false),
      resendId: start.resendId ?? this.pending?.resendId ?? null,
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
    while (this.pending && !this.stopped) {
      const start = this.pending;
      this.pending = null;
      this.clock.clearTimeout(this.timer);
      this.timer = null;
      report = (await this.round(start)) ?? report;
    }
    const wakes = [report.wakeAt, report.refreshAt].filter(
      (w): w is number => typeof w === 'number',
    );
    if (!this.stopped && wakes.length > 0) {
      this.timer = this.clock.setTimeout(
        () => {
          this.timer = null;
          void this.kick();
        },
        Math.max(0, Math.min(...wakes) - this.clock.now()),
      );
    }
    return report;
  }

  stop(): void {
    this.stopped = true;
    this.clock.clearTimeout(this.timer);
  }
}
