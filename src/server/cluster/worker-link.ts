/**
 * A worker process's side of the cluster (WORKERS=n): tells the primary when it listens, answers
 * the primary's metric collections, and for a scrape that reached it asks the primary for the whole
 * server's metrics. If the primary does not answer in time, the scrape shows this process alone
 * (its `stockroom_processes` says 1) rather than failing.
 */
import type { FamilySnapshot } from '../observability/metrics';
import { isPrimaryMessage, type WorkerMessage } from './messages';
import { assertNever } from '../../protocol/assert-never';

const ANSWER_TIMEOUT_MS = 5_000;

export interface WorkerLink {
  announce(url: string): void;
  /** What this process reports when the primary collects (nothing until its server is built). */
  answerWith(collect: () => Promise<FamilySnapshot[]>): void;
  gather(local: () => Promise<FamilySnapshot[]>): Promise<FamilySnapshot[]>;
}

export function workerLink(): WorkerLink {
  let collect = (): Promise<FamilySnapshot[]> => Promise.resolve([]);
  const send = (message: WorkerMessage) => process.send?.(message);
  const waiting = new Map<number, (families: FamilySnapshot[]) => void>();
  let next = 0;
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
  };
}
