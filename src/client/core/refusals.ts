/**
 * Why a command did nothing, as typed values (as fastify's error catalogue and mono's
 * `ClientError{kind}`): the core says what happened and the facts a sentence needs (counts, names,
 * the server's detail); the words for people live only in the app's catalogues (src/app/i18n),
 * which must word every kind in every language (a `Record` keyed by `RefusalKind`).
 */
export type Refusal =
  /** Sign-in: the server does not know this username with this password. */
  | { kind: 'wrong-credentials' }
  /** Sign-in: the server refuses attempts for a while (429). */
  | { kind: 'too-many-attempts' }
  /** Sign-in needs a connection, and the server cannot be reached. */
  | { kind: 'sign-in-unreachable' }
  /** The server refused the request with a problem of its own (its `detail`, as it sent it). */
  | { kind: 'server-problem'; status: number; detail: string }
  /** This device could not store the change; nothing was saved. */
  | { kind: 'storage-failed' }
  /** Something this code did not expect; `detail` is for staff, not a sentence. */
  | { kind: 'unexpected'; detail: string }
  /** "Sign out and remove data": `count` changes of this person are not confirmed yet. */
  | { kind: 'unconfirmed-changes'; count: number }
  /** A change (or an import of items) while nobody is signed in. */
  | { kind: 'signed-out-change' }
  | { kind: 'signed-out-export' }
  | { kind: 'signed-out-history' }
  /** Tester mode: only a manager signed in on a server in tester mode. */
  | { kind: 'tester-only' }
  /** An item's history is on the server, which cannot be reached now. */
  | { kind: 'history-unreachable' }
  /** No lease yet: the device must reach the server once before it can save changes. */
  | { kind: 'no-lease' }
  /** An import larger than the operation ids this device has left (`room`). */
  | { kind: 'no-room'; room: number }
  /** The change does not pass the protocol's checks (`detail`: the schema's words, for staff). */
  | { kind: 'invalid'; detail: string }
  /** Cancel: it may already have been sent. */
  | { kind: 'not-cancellable' }
  /** Discard: only reviewed operations. */
  | { kind: 'not-discardable' }
  /** Enter again / reverse: not for this change. */
  | { kind: 'not-repeatable' }
  /** Backup import: the file is not JSON. */
  | { kind: 'backup-not-json' }
  /** Backup import: not a backup this version can read. */
  | { kind: 'backup-unreadable' }
  /** Backup import: nobody is signed in. */
  | { kind: 'backup-signed-out' }
  /** Backup import: it holds changes of other people (`people`: their names). */
  | { kind: 'backup-of-others'; people: readonly string[] }
  /** People's accounts change security: never queued, so they need the server now. */
  | { kind: 'accounts-offline' }
  /** Add person: the name is taken (409). */
  | { kind: 'account-name-taken'; name: string }
  /** Nobody disables or demotes themselves; the last enabled manager stays one (409). */
  | { kind: 'account-change-refused' }
  /** People's accounts are for managers (403): the role changed since this screen showed. */
  | { kind: 'accounts-managers-only' };

export type RefusalKind = Refusal['kind'];

/** The refusal of kind `K`, with its facts. */
export type RefusalOf<K extends RefusalKind> = Extract<Refusal, { kind: K }>;
