/**
 * A worker process's side of the cluster (WORKERS=n): tells the primary when it listens, answers
 * the primary's metric collections, for a scrape that reached it asks the primary for the whole
 * server's metrics, and asks it to count each new connection against its address's cap. If the primary does not answer in time, the scrape shows this process alone
 * (its `stockroom_processes` says 1) rather than failing.
 */
import type { FamilySnapshot } from '../observability/metrics';
import type { AddressCounter } from '../limits/address-tally';
import { isPrimaryMessage, type WorkerMessage } from './messages';
import { assertNever } from '../../protocol/assert-never';

const ANSWER_TIMEOUT_MS = 5_000;

export interface WorkerLink {
  announce(url: string): void;
  /** What this process reports when the primary collects (nothing until its server is built). */
  answerWith(collect: () => Promise<FamilySnapshot[]>): void;
  gather(local: () => Promise<FamilySnapshot[]>): Promise<FamilySnapshot[]>;
  /** The whole server's count of open connections by address, kept by the primary. */
  connectionsByAddress(): AddressCounter;
}

export function workerLink(): WorkerLink {
  let collect = (): Promise<FamilySnapshot[]> => Promise.resolve([]);
  const send = (message: WorkerMessage) => process.send?.(message);
  const waiting = new Map<number, (families: FamilySnapshot[]) => void>();
  let next = 0;
  /** Connections waiting for the primary's count. No timer: the primary is this process's
   * parent, and the worker exits when it is gone (node:cluster). */
  const verdicts = new Map<number, (taken: boolean) => void>();
  let nextVerdict = 0;
  process.on('message', (message: unknown) => {
    if (!isPrimaryMessage(message)) return;
    switch (message.type) {
      case 'metrics-collect':
        void collect().then((families) =>
          send({ type: 'metrics-snapshot', id: message.id, families }),
        );
        break;
      case 'metrics-merged':
        waiting.get(message.id)?.(message.families);
        break;
      case 'connection-verdict':
        verdicts.get(message.id)?.(message.taken);
        verdicts.delete(message.id);
        break;
      default:
        assertNever(message);
    }
  });
  return {
    announce: (url) => send({ type: 'listening', url }),
    answerWith(c) {
      collect = c;
    },
    async gather(local) {
      const id = next++;
      const merged = new Promise<FamilySnapshot[] | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS);
        waiting.set(id, (families) => {
          clearTimeout(timer);
          resolve(families);
        });
      });
      send({ type: 'metrics-request', id });
      const families = await merged;
      waiting.delete(id);
      return families ?? local();
    },
    connectionsByAddress: () => ({
      take(key) {
        const id = nextVerdict++;
        return new Promise<boolean>((resolve) => {
          verdicts.set(id, resolve);
          send({ type: 'connection-take', id, key });
        });
      },
      give: (key) => send({ type: 'connection-give', key }),
    }),
  };
}
