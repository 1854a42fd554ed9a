/**
 * A person at the counter: one single change (`POST /api/operations`) every `everyMs` from a device
 * of their own, retried with the client's own rules (full jitter, `Retry-After` as a floor) until
 * its receipt arrives. Each change's time is from the tap to its receipt, retries included.
 * Runs in the bench process, not in the storm worker, so the devices' load does not delay its clock.
 */
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_BACKOFF, parseRetryAfter, retryDelay } from '../../src/client/core/retry-policy';
import { adjustBody, type LeaseGrant } from './demo-session';
import { seededRandom } from './stats';

export interface PersonReport {
  /** Tap → receipt, per change (ms). */
  latenciesMs: number[];
  /** Attempts answered 503, and attempts with no answer in time. */
  shed: number;
  timeouts: number;
  /** Attempts that ended in a connection error (reset, refused) before any answer. */
  connectionErrors: number;
  /** Operations confirmed (each exactly one id). */
  confirmed: number;
  /**
   * The slowest changes: tapped at `at` (epoch ms), `ms` to the receipt, and the receipt's
   * `Server-Timing` (the route's own phases; the rest was reading and waiting).
   */
  slowest: { at: number; ms: number; attempts: number; serverTiming: string | null }[];
}

/** How many of the slowest changes a report keeps. */
const SLOWEST_KEPT = 5;

export interface Person {
  /**
   * The first change's receipt: the person has been working, so the device's connection is open
   * before the storm (a phone at the counter does not reconnect with the chain's devices).
   */
  ready: Promise<void>;
  /** Stop tapping and wait for the changes still under way. */
  stop(): Promise<PersonReport>;
}

export function startPerson(options: {
  url: string;
  authorization: string;
  lease: LeaseGrant;
  firstSeq: number;
  itemIds: string[];
  everyMs: number;
  timeoutMs: number;
}): Person {
  const base = new URL(options.url);
  // A browser keeps up to 6 connections per origin.
  const agent = new Agent({ keepAlive: true, maxSockets: 6 });
  const random = seededRandom(7);
  const report: PersonReport = {
    latenciesMs: [],
    shed: 0,
    timeouts: 0,
    connectionErrors: 0,
    confirmed: 0,
    slowest: [],
  };
  const underWay = new Set<Promise<void>>();
  let seq = options.firstSeq;

  const attempt = (payload: string) =>
    new Promise<{
      status: number;
      retryAfter: string | null;
      serverTiming: string | null;
    } | null>((resolve) => {
      const req = httpRequest(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method: 'POST',
          path: '/api/operations',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: options.authorization,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            const ra = res.headers['retry-after'];
            const timing = res.headers['server-timing'];
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: typeof ra === 'string' ? ra : null,
              serverTiming: typeof timing === 'string' ? timing : null,
            });
          });
        },
      );
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        report.timeouts++;
        req.destroy();
        resolve(null);
      }, options.timeoutMs);
      req.on('error', () => {
        if (!timedOut) report.connectionErrors++;
        resolve(null);
      });
      req.on('close', () => clearTimeout(timer));
      req.end(payload);
    });

  async function change(): Promise<void> {
    const tapped = performance.now();
    const at = Date.now();
    const payload = JSON.stringify(adjustBody(options.lease, seq++, options.itemIds));
    let serverTiming: string | null = null;
    let attempts = 0;
    for (let failures = 1; ; failures++) {
      const answer = await attempt(payload);
      attempts++;
      if (answer && (answer.status === 201 || answer.status === 200)) {
        serverTiming = answer.serverTiming;
        break;
      }
      if (answer && answer.status !== 503) throw new Error(`person: status ${answer.status}`);
      if (answer) report.shed++;
      const floor = answer ? parseRetryAfter(answer.retryAfter, Date.now()) : null;
      await sleep(retryDelay(failures, random(), DEFAULT_BACKOFF, floor));
    }
    report.confirmed++;
    const ms = performance.now() - tapped;
    report.latenciesMs.push(ms);
    report.slowest.push({ at, ms: Math.round(ms), attempts, serverTiming });
    report.slowest.sort((a, b) => b.ms - a.ms).splice(SLOWEST_KEPT);
  }

  let failed: unknown = null;
  const tap = () => {
    const p = change().catch((e: unknown) => {
      failed = e;
    });
    underWay.add(p);
    void p.finally(() => underWay.delete(p));
    return p;
  };
  const ready = tap();
  const timer = setInterval(tap, options.everyMs);

  return {
    ready,
    async stop() {
      clearInterval(timer);
      await Promise.all(underWay);
      agent.destroy();
      if (failed) throw failed;
      return report;
    },
  };
}
