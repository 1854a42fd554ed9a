/**
 * What the app renders. The tab's picture of IndexedDB is read whole at start and whenever another
 * tab says "look again" (at most one read in flight, one more queued), and follows this tab's own
 * committed writes in between. The snapshot is rebuilt lazily, a new object after every change
 * (React compares by identity); listeners hear once per burst of changes. A change the person
 * waits for is told at once; the background's (the sender's writes and progress, item pulls) as
 * soon as the snapshot's builds would take at most `BUILD_SHARE` of the time: at once while
 * builds are quick (a build visits only what changed, core/snapshot.ts), paced when they are not
 * (a whole re-read, many views changing with time).
 */
import { SnapshotBuilder, type Runtime } from './core/snapshot';
import type { ClientSnapshot } from './facade';
import { emptyView, type LocalView } from './core/local-view';
import { applyWrites } from './transactions/view';
import type { WriteEntry } from './store/recording-store';

/** The most of the time the snapshot's builds may take while only the background changes things. */
export const BUILD_SHARE = 0.1;
/** The longest a background change waits to be told, however slow a build (still reads as live). */
export const MAX_PACE_MS = 250;

/** The time the pace of telling follows: real time by default (rendering, not a rule of the domain). */
export interface Ticker {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_TIME: Ticker = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class LiveView {
  private view: LocalView = emptyView();
  private readonly builder = new SnapshotBuilder();
  private snapshot: ClientSnapshot | null = null;
  private readonly listeners = new Set<() => void>();
  private notifying = false;
  /** When listeners last heard (ticker time), and the background telling waiting for its turn. */
  private toldAt = -Infinity;
  /** The wait between two tellings of the background's changes: the last build's time ÷ BUILD_SHARE. */
  private paceMs = 0;
  private later: unknown = null;
  private loading: Promise<void> | null = null;
  private again = false;
  /**
   * Own writes applied while a whole read runs: applied again on top of what the read returns
   * (a read cannot say whether it saw them; applying a write twice changes nothing).
   */
  private duringRead: (readonly WriteEntry[])[] | null = null;

  constructor(
    /** One consistent read of IndexedDB; null when it could not be read (already reported). */
    private readonly read: () => Promise<LocalView | null>,
    private readonly runtime: () => Runtime,
    /** Work in progress, for `whenIdle`. */
    private readonly track: (work: Promise<unknown>) => void,
    private readonly ticker: Ticker = REAL_TIME,
  ) {}

  /** Read the whole picture again (start; another tab changed something). */
  reload(): Promise<void> {
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    const work = (async () => {
      do {
        this.again = false;
        this.duringRead = [];
        const view = await this.read();
        const overlapping = this.duringRead;
        this.duringRead = null;
        if (!view) return;
        for (const log of overlapping) applyWrites(view, log);
        view.operationsVersion = this.view.operationsVersion + 1;
        view.itemsVersion = this.view.itemsVersion + 1;
        this.view = view;
        this.changed();
      } while (this.again);
    })().finally(() => {
      this.loading = null;
    });
    this.loading = work;
    this.track(work);
    return work;
  }

  /** This tab's committed writes (background: a person's own write is told by `changed`). */
  applied(log: readonly WriteEntry[]): void {
    const before = this.view.operationsVersion;
    const ids = applyWrites(this.view, log);
    this.builder.changed(this.view, before, ids);
    this.duringRead?.push(log);
    this.progressed();
  }

  /** Something the snapshot shows changed (stored or in memory): listeners hear at once. */
  changed(): void {
    this.snapshot = null;
    if (this.later !== null) {
      this.ticker.clearTimeout(this.later);
      this.later = null;
    }
    if (this.notifying) return;
    this.notifying = true;
    queueMicrotask(() => {
      this.notifying = false;
      this.toldAt = this.ticker.now();
      for (const listener of this.listeners) listener();
    });
  }

  /**
   * A background change (the sender's progress, its writes): listeners hear at once if they last
   * heard `paceMs` ago, else when that time is up.
   */
  progressed(): void {
    this.snapshot = null;
    if (this.notifying || this.later !== null) return;
    const wait = this.toldAt + this.paceMs - this.ticker.now();
    if (wait <= 0) {
      this.changed();
      return;
    }
    this.later = this.ticker.setTimeout(() => {
      this.later = null;
      this.changed();
    }, wait);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ClientSnapshot => {
    if (this.snapshot === null) {
      const started = this.ticker.now();
      this.snapshot = this.builder.build(this.view, this.runtime());
      this.paceMs = Math.min(MAX_PACE_MS, (this.ticker.now() - started) / BUILD_SHARE);
    }
    return this.snapshot;
  };

  close(): void {
    if (this.later !== null) this.ticker.clearTimeout(this.later);
    this.later = null;
    this.listeners.clear();
  }
}
