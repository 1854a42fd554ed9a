/**
 * `/metrics` with several worker processes (WORKERS=n, node:cluster): whichever worker a scrape
 * reaches asks the primary, the primary collects every live worker's own exposition and sends back
 * the merged sum (./metrics-merge.ts). A worker that does not answer in time is left out rather
 * than holding the scrape.
 */
import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { mergeExpositions } from './metrics-merge';
import type { ServerMetrics } from './server-metrics';

const COLLECT_TIMEOUT_MS = 2_000;

interface MetricsMessage {
  stockroomMetrics: 'scrape' | 'collect' | 'local' | 'sum';
  id: string;
  text?: string;
}

function isMetricsMessage(value: unknown): value is MetricsMessage {
  const m = value as Partial<MetricsMessage> | null;
  return typeof m?.stockroomMetrics === 'string' && typeof m.id === 'string';
}

/** In a cluster worker: scrapes render the sum of all workers. Elsewhere: `local` unchanged. */
export function clusterWideMetrics(local: ServerMetrics): ServerMetrics {
  if (!cluster.isWorker || !process.send) return local;
  const waiting = new Map<string, (text: string) => void>();
  process.on('message', (message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.stockroomMetrics === 'collect') {
      void local
        .render()
        .then((text) => process.send?.({ ...message, stockroomMetrics: 'local', text }));
    } else if (message.stockroomMetrics === 'sum') {
      waiting.get(message.id)?.(message.text ?? '');
      waiting.delete(message.id);
    }
  });
  return {
    ...local,
    render: () =>
      new Promise<string>((resolve) => {
        const id = randomUUID();
        // The primary gone or stuck: this process's own figures are better than no answer.
        const fallback = setTimeout(() => {
          waiting.delete(id);
          void local.render().then(resolve);
        }, COLLECT_TIMEOUT_MS * 2);
        waiting.set(id, (text) => {
          clearTimeout(fallback);
          resolve(text);
        });
        process.send?.({ stockroomMetrics: 'scrape', id } satisfies MetricsMessage);
      }),
  };
}

/** In the cluster primary: answers workers' scrapes with the sum of every live worker. */
export function sumWorkerMetrics(): void {
  const collections = new Map<string, { texts: string[]; missing: Set<number>; done(): void }>();
  cluster.on('message', (worker: Worker, message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.stockroomMetrics === 'scrape') {
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      const texts: string[] = [];
      const finish = () => {
        clearTimeout(timer);
        collections.delete(message.id);
        if (worker.isConnected()) {
          worker.send({ stockroomMetrics: 'sum', id: message.id, text: mergeExpositions(texts) });
        }
      };
      const timer = setTimeout(finish, COLLECT_TIMEOUT_MS);
      collections.set(message.id, {
        texts,
        missing: new Set(workers.map((w) => w.id)),
        done: finish,
      });
      for (const w of workers) w.send({ stockroomMetrics: 'collect', id: message.id });
    } else if (message.stockroomMetrics === 'local') {
      const collection = collections.get(message.id);
      if (!collection || !collection.missing.delete(worker.id)) return;
      collection.texts.push(message.text ?? '');
      if (collection.missing.size === 0) collection.done();
    }
  });
}
