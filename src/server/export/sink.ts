/**
 * Where export rows go. A sink deduplicates by effect id: delivering an effect it already has is a
 * no-op, so the worker may deliver at least once (after a crash between delivering and recording)
 * and the downstream still sees each effect exactly once.
 */
export interface Effect {
  /** The stable effect id: the operation id. */
  effectId: string;
  /** JSON text, as written to the export outbox with the effect. */
  payload: string;
}

export interface Sink {
  readonly kind: 'file' | 'webhook';
  /**
   * Delivers the effects in order. Resolves once every effect is durable downstream; rejects on the
   * first one refused. As it goes it may report progress: `accepted(n)` says the next `n` effects
   * (after those already reported) are durable downstream, and the sink waits for it before sending
   * more, so the worker records each acceptance before the next delivery and a refusal (or a crash)
   * never costs what was already accepted.
   */
  deliver(effects: readonly Effect[], accepted?: (count: number) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}
