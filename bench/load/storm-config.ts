/** What the bench asks of the storm worker (bench/load/storm-worker.ts), and what it answers. */

/**
 * Every device starts at the same instant and sends its backlog, one batch after the other. A
 * storm is many devices with a small backlog each; the steady reference is a few devices with a
 * long one (each sends its next batch when the last one was answered).
 */
export interface StormRun {
  url: string;
  authorization: string;
  itemIds: string[];
  /** Devices `firstDevice … firstDevice + devices - 1` (each keeps its own lease across runs). */
  firstDevice: number;
  devices: number;
  /** Operations each device has queued; sent in batches of `batchSize` (the client's batch). */
  operationsPerDevice: number;
  batchSize: number;
  /** The device's next unused seq of its lease is `seqOffset` (a later round continues). */
  seqOffset: number;
  /** One attempt's time limit; past it the device gives up on that attempt and backs off. */
  timeoutMs: number;
  seed: number;
  /** The server's process id, to read its CPU time over the storm (bench/support/proc-cpu.ts). */
  serverPid: number;
}

export interface StormResult {
  /** Operations confirmed (a receipt per operation: 201, or 200 replayed after a lost answer). */
  confirmed: number;
  /** The common start (epoch ms). */
  startedAt: number;
  /** From the common start until the last device was done. */
  seconds: number;
  /** Per device, start → every operation confirmed (ms). */
  deviceFinishP50Ms: number;
  deviceFinishP99Ms: number;
  deviceFinishMaxMs: number;
  attempts: number;
  /** Requests answered `503 overloaded`. */
  shed: number;
  /** Attempts the device gave up on after `timeoutMs` with no answer. */
  clientTimeouts: number;
  /** Connection errors (reset, refused) before any answer. */
  connectionErrors: number;
  /** Any other status (or a batch entry that was neither 201 nor 200): a broken run. */
  unexpected: Record<string, number>;
  /** Retry-After values seen on 503s (seconds → count). */
  retryAfter: Record<string, number>;
  /** The most attempts one device needed (the client rests after DEFAULT_BACKOFF.maxAttempts). */
  maxAttemptsOneDevice: number;
  /** Operations confirmed per second of the run (index = second since the start). */
  confirmedPerSecond: number[];
  /**
   * The server's CPU seconds per second of the run (start → last device done): below 1, the server
   * waited (for devices told to come back later, for the disk, or for a core on a loaded machine).
   */
  serverCpuPerSecond: number | null;
  /** Every operation id this run confirmed has this prefix list's lease ids (checked in the journal). */
  leaseIds: string[];
}
