/**
 * The webhook sink (`EXPORT_WEBHOOK_URL`): one `POST` per effect, body = the effect's payload,
 * header `Idempotency-Key: <effect id>`, so the receiver deduplicates a repeat delivery. A 2xx
 * (or 409: "already have it") is a delivery, reported at once so the worker records it before the
 * next request; anything else, or no answer, rejects and the worker retries what is left later with
 * backoff (a refusal never resends what was accepted before it).
 *
 * A redirect is never followed: fetch would turn the POST of a 302 or 303 into a GET without the
 * body, and a 2xx to that GET would count as a delivery the receiver never got (a silent export
 * loss). A 3xx is a refusal like any other: retried, logged, never recorded as delivered. The
 * address is checked at start (config.ts: http(s), no user or password).
 */
import type { Effect, Sink } from './sink';

export interface WebhookOptions {
  fetch?: typeof fetch;
  /** Per request; a receiver that hangs must not hold the claim forever. */
  timeoutMs?: number;
}

export class WebhookDeliveryError extends Error {
  readonly kind = 'webhook-delivery';
  constructor(
    readonly effectId: string,
    readonly status: number | null,
    options?: { cause: unknown },
  ) {
    super(
      status === null
        ? `webhook delivery of ${effectId} got no answer`
        : `webhook answered ${status} for ${effectId}`,
      options,
    );
  }
}

export function createWebhookSink(url: string, options: WebhookOptions = {}): Sink {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    kind: 'webhook',
    async deliver(
      effects: readonly Effect[],
      accepted?: (count: number) => Promise<void>,
    ): Promise<void> {
      for (const effect of effects) {
        let response: Response;
        try {
          response = await send(url, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Idempotency-Key': effect.effectId },
            body: effect.payload,
            redirect: 'manual',
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch (cause) {
          throw new WebhookDeliveryError(effect.effectId, null, { cause });
        }
        await response.body?.cancel();
        if (!response.ok && response.status !== 409) {
          throw new WebhookDeliveryError(effect.effectId, response.status);
        }
        await accepted?.(1);
      }
    },
    async close(): Promise<void> {},
  };
}
