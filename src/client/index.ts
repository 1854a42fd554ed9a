/** The client core's entry points: the app's client, and the sender for a service worker. */
export {
  createClient,
  ClientError,
  refusalOf,
  type ClientOptions,
  type StockroomClientCore,
} from './client';
export { drainOnce, type RoundReport, type SenderDeps } from './sender';
export { drainFromWorker, type WorkerDrainOptions } from './worker-drain';
export type * from './facade';
