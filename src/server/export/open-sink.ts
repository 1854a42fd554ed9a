/** The configured sink (spec/api.md "Downstream export"): the webhook when a URL is set, else the ledger file. */
import { openFileSink } from './file-sink';
import type { Sink } from './sink';
import { createWebhookSink } from './webhook-sink';

export interface SinkConfig {
  exportFile: string;
  exportWebhookUrl: string | null;
}

export function openExportSink(config: SinkConfig): Promise<Sink> {
  return config.exportWebhookUrl
    ? Promise.resolve(createWebhookSink(config.exportWebhookUrl))
    : openFileSink(config.exportFile);
}
