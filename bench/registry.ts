/** Every figure `npm run bench` runs, in order. Add one by dropping a module in figures/ and a line here. */
import type { Figure } from './figure';
import { batchVsSingle } from './figures/batch-vs-single';
import { clientDrainFigures } from './figures/client-drain-vs-server';
import { clientEnqueueMs } from './figures/client-enqueue-ms';
import { firstLoadKb } from './figures/first-load-kb';
import { fsyncMs } from './figures/fsync-ms';
import { groupCommit } from './figures/group-commit';
import { httpVsHealth } from './figures/http-vs-health';
import { opsVsMinimal } from './figures/ops-vs-minimal';
import { pgPoolerFigures } from './figures/pg-pooler-vs-direct';
import { pgScalingFigures } from './figures/pg-scaling';
import { replayVsApply } from './figures/replay-vs-apply';
import { retentionScale } from './figures/retention-scale';
import { storeVsRaw } from './figures/store-vs-raw';
import { stormFigures } from './figures/storm';
import { ui10kVs100 } from './figures/ui-10k-vs-100';

export const FIGURES: readonly Figure[] = [
  fsyncMs,
  storeVsRaw,
  httpVsHealth,
  groupCommit,
  opsVsMinimal,
  batchVsSingle,
  replayVsApply,
  retentionScale,
  ...pgScalingFigures,
  ...pgPoolerFigures,
  ...stormFigures,
  ...clientDrainFigures,
  clientEnqueueMs,
  ui10kVs100,
  firstLoadKb,
];
