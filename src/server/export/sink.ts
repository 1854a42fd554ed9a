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
  /** Resolves once every effect is durable downstream; rejects (and may have delivered some) otherwise. */
  deliver(effects: readonly Effect[]): Promise<void>;
  close(): Promise<void>;
}
