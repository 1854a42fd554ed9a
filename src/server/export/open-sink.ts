/** The configured sink (docs/api.md#downstream-export): the webhook when a URL is set, else the
 * ledger file. */
import { processLockDeps } from './file-lock';
import { openFileSink } from './file-sink';
import type { Sink } from './sink';
import { createWebhookSink } from './webhook-sink';

export interface SinkConfig {
  exportFile: string;
  exportWebhookUrl: string | null;
  /** The ledger file rotates before it grows past this (EXPORT_FILE_MAX_SIZE). */
  exportFileMaxBytes?: number;
}

export function openExportSink(config: SinkConfig): Promise<Sink> {
  return config.exportWebhookUrl
    ? Promise.resolve(createWebhookSink(config.exportWebhookUrl))
    : openFileSink(config.exportFile, processLockDeps, config.exportFileMaxBytes);
}
