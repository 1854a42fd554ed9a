/** A command that could not be carried out; nothing was saved. The message is for people. */
export type ClientErrorKind =
  'signed-out' | 'no-lease' | 'storage' | 'invalid' | 'unreachable' | 'not-allowed';

export class ClientError extends Error {
  readonly kind: ClientErrorKind;
  constructor(kind: ClientErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ClientError';
    this.kind = kind;
  }
}
