/**
 * Open connections counted by client address, under one cap (MAX_CONNECTIONS_PER_ADDRESS). One
 * process counts its own connections; with WORKERS=n the primary holds the one tally of the whole
 * server and each worker asks it (../cluster/worker-link.ts), so n processes give the cap of one.
 */
export interface AddressCounter {
  /** Counts one more connection from `key` if the cap allows it; false (nothing counted) if not. */
  take(key: string): boolean | Promise<boolean>;
  /** A connection `take` counted has closed. */
  give(key: string): void;
}

/** Open connections by address; an address leaves the map with its last connection. */
export class AddressTally implements AddressCounter {
  private readonly open = new Map<string, number>();

  constructor(private readonly cap: number) {}

  take(key: string): boolean {
    const mine = this.open.get(key) ?? 0;
    if (mine >= this.cap) return false;
    this.open.set(key, mine + 1);
    return true;
  }

  give(key: string, count = 1): void {
    const left = (this.open.get(key) ?? count) - count;
    if (left > 0) this.open.set(key, left);
    else this.open.delete(key);
  }

  /** How many connections `key` holds (0 once all closed). */
  count(key: string): number {
    return this.open.get(key) ?? 0;
  }

  entries(): [string, number][] {
    return [...this.open];
  }
}

/**
 * The primary's tally for all workers: it also remembers which worker holds which connections, so
 * a worker that dies gives back everything it held.
 */
export class ClusterAddressTally {
  private readonly all: AddressTally;
  private readonly byWorker = new Map<number, AddressTally>();

  constructor(cap: number) {
    this.all = new AddressTally(cap);
  }

  take(worker: number, key: string): boolean {
    if (!this.all.take(key)) return false;
    let mine = this.byWorker.get(worker);
    if (!mine) this.byWorker.set(worker, (mine = new AddressTally(Number.POSITIVE_INFINITY)));
    mine.take(key);
    return true;
  }

  give(worker: number, key: string): void {
    const mine = this.byWorker.get(worker);
    if (!mine || mine.count(key) === 0) return;
    mine.give(key);
    this.all.give(key);
  }

  /** A worker exited: its connections are gone with it. */
  forget(worker: number): void {
    const mine = this.byWorker.get(worker);
    this.byWorker.delete(worker);
    if (!mine) return;
    for (const [key, n] of mine.entries()) this.all.give(key, n);
  }

  count(key: string): number {
    return this.all.count(key);
  }
}
