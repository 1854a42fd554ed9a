/**
 * A person's change goes first. Every local transaction spans every store (store/idb-store.ts), so
 * a tap's write waits behind whatever transaction runs when it is asked for, and during a drain the
 * sender's nearly always does (a claim, a page of the queue, a settle: 10–40 ms on a phone's disk).
 * The app knows a moment before the tap: the finger lands (`pointerdown`) 50–150 ms before its
 * `click`, and a quantity is typed before its Enter. From that moment (`acting`) until the person's
 * write has committed, or HOLD_MS without one, the sender (its store is `background(store)`) starts
 * no new transaction: the one running finishes, and the person's write finds IndexedDB free. The
 * sender only waits; what it does and in which order is unchanged
 * (docs/architecture.md#a-person-goes-first).
 */
import type { Clock } from './core/clock';
import type { LocalStore } from './store/local-store';

/** Long enough for a press and its click; a touch that changes nothing (a scroll) holds no longer. */
export const HOLD_MS = 250;

export class PersonFirst {
  private until = 0;
  private readonly waiting = new Set<() => void>();

  constructor(
    private readonly clock: Clock,
    private readonly holdMs = HOLD_MS,
  ) {}

  /** A finger or a key on the screen: a change may follow at once. */
  acting(): void {
    this.until = Math.max(this.until, this.clock.now() + this.holdMs);
  }

  /** The person's write committed (or failed): the background goes on. */
  wrote(): void {
    this.until = 0;
    for (const wake of this.waiting) wake();
    this.waiting.clear();
  }

  /** Resolves once no person is about to write. */
  async clear(): Promise<void> {
    let rest: number;
    while ((rest = this.until - this.clock.now()) > 0) {
      await new Promise<void>((resolve) => {
        const timer = this.clock.setTimeout(() => {
          this.waiting.delete(wake);
          resolve();
        }, rest);
        const wake = (): void => {
          this.clock.clearTimeout(timer);
          resolve();
        };
        this.waiting.add(wake);
      });
    }
  }

  /** `store` for background work: each of its transactions starts once `clear` resolves. */
  background(store: LocalStore): LocalStore {
    return {
      read: async (fn) => {
        await this.clear();
        return store.read(fn);
      },
      write: async (fn, options) => {
        await this.clear();
        return store.write(fn, options);
      },
      close: () => store.close(),
    };
  }
}
