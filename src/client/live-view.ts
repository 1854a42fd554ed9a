/**
 * What the app renders. The tab's picture of IndexedDB is read whole at start and whenever another
 * tab says "look again" (at most one read in flight, one more queued), and follows this tab's own
 * committed writes in between. The snapshot is rebuilt lazily, a new object after every change
 * (React compares by identity); listeners hear once per burst of changes.
 */
import { SnapshotBuilder, type Runtime } from './core/snapshot';
import type { ClientSnapshot } from './facade';
import { emptyView, type LocalView } from './core/local-view';
import { applyWrites } from './transactions/view';
import type { WriteEntry } from './store/recording-store';

export class LiveView {
  private view: LocalView = emptyView();
  private readonly builder = new SnapshotBuilder();
  private snapshot: ClientSnapshot | null = null;
  private readonly listeners = new Set<() => void>();
  private notifying = false;
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

  /** This tab's committed writes. */
  applied(log: readonly WriteEntry[]): void {
    const before = this.view.operationsVersion;
    applyWrites(this.view, log);
    this.builder.changed(this.view, before, operationIds(log));
    this.duringRead?.push(log);
    this.changed();
  }

  /** Something the snapshot shows changed (stored or in memory). */
  changed(): void {
    this.snapshot = null;
    if (this.notifying) return;
    this.notifying = true;
    queueMicrotask(() => {
      this.notifying = false;
      for (const listener of this.listeners) listener();
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ClientSnapshot => {
    this.snapshot ??= this.builder.build(this.view, this.runtime());
    return this.snapshot;
  };

  close(): void {
    this.listeners.clear();
  }
}

/** The operations a committed write put or deleted. */
function operationIds(log: readonly WriteEntry[]): string[] {
  const ids: string[] = [];
  for (const e of log) {
    if (e.store !== 'operations') continue;
    ids.push(e.op === 'put' ? e.value.id : e.key);
  }
  return ids;
}
