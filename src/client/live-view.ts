/**
 * What the app renders: the IndexedDB picture, re-read after every committed change (this tab's
 * or another's), at most one read in flight and one more queued; the snapshot is rebuilt from it
 * and the in-memory facts, a new object on every change (React compares by identity).
 */
import type { Runtime } from './core/snapshot';
import { buildSnapshot } from './core/snapshot';
import type { ClientSnapshot } from './facade';
import type { LocalView } from './local/view';

export const EMPTY_VIEW: LocalView = {
  operations: [],
  attempts: [],
  receipts: [],
  items: [],
  leases: [],
  session: null,
  device: null,
  itemsRevision: 0,
};

export class LiveView {
  view: LocalView = EMPTY_VIEW;
  private snapshot: ClientSnapshot;
  private readonly listeners = new Set<() => void>();
  private reloading = false;
  private again = false;

  constructor(
    /** One consistent read of IndexedDB; null when it could not be read (already reported). */
    private readonly read: () => Promise<LocalView | null>,
    private readonly runtime: () => Runtime,
    /** Work in progress, for `whenIdle`. */
    private readonly track: (work: Promise<unknown>) => void,
  ) {
    this.snapshot = buildSnapshot(this.view, runtime());
  }

  reload(): void {
    if (this.reloading) {
      this.again = true;
      return;
    }
    this.reloading = true;
    const work = (async () => {
      do {
        this.again = false;
        const view = await this.read();
        if (!view) break;
        this.view = view;
        this.emit();
      } while (this.again);
    })().finally(() => {
      this.reloading = false;
    });
    this.track(work);
  }

  emit(): void {
    this.snapshot = buildSnapshot(this.view, this.runtime());
    for (const listener of this.listeners) listener();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ClientSnapshot => this.snapshot;

  close(): void {
    this.listeners.clear();
  }
}
