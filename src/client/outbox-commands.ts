/**
 * The commands that write this person's outbox: a new change (each one its own operation id,
 * durable before the command resolves), an import of items, the review actions (enter again,
 * discard), fixing mistakes (cancel unsent, reverse), and a backup file out and in. Each is one
 * local transaction; the sender takes it from there.
 */
import {
  AdjustOp,
  ArchiveItemOp,
  CountOp,
  CreateItemOp,
  Op,
  UpdateItemOp,
  TransferOp,
  CreatePlaceOp,
  UpdatePlaceOp,
  ArchivePlaceOp,
  MAIN_PLACE,
  StocktakeStepOp,
  type StocktakeOp,
} from '../protocol/schemas';
import { ClientError, refusalOf } from './client-error';
import type { Clock } from './core/clock';
import type { Refusal } from './core/refusals';
import type { LeaseRecord, OperationRecord } from './core/records';
import type { FinishingState } from './core/operation-state';
import { assertNever } from '../protocol/assert-never';
import { operationView } from './core/operation-view';
import { handleOf } from './core/rules';
import type { OperationView, StockroomClient, CommandResult } from './facade';
import { BackupFile, exportOutbox, foreignWork, importOutbox } from './transactions/device-backup';
import { enqueueAll } from './transactions/enqueue-all';
import { cancelUnsent, reverse } from './transactions/cancel-and-reverse';
import { getMeta } from './transactions/meta';
import { discard, enqueue, enterAgain, type EnqueueResult } from './transactions/outbox';
import type { Tx } from './store/local-store';

export interface OutboxDeps {
  clock: Clock;
  /** A command's write (storage-health.ts: a failure is shown and rejects for people). */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  read<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** New work waits in the outbox: let the sender look. */
  kick(): void;
  /** A backup was imported: step by step holds "Needs review: restored…" before the status question. */
  imported(): void;
  /** Receipts whose local transaction runs, shown over the stored state. */
  finishing: ReadonlyMap<string, FinishingState>;
}

type Author = { userId: string; userName: string };
type SignedOut = { kind: 'signed-out' };

/** Run `fn` as the signed-in person, in the same transaction; nobody signed in: signed-out. */
async function asAuthor<T>(tx: Tx, fn: (author: Author) => Promise<T>): Promise<T | SignedOut> {
  const session = await getMeta(tx, 'session');
  if (!session) return { kind: 'signed-out' };
  return fn({ userId: session.user.id, userName: session.user.name });
}

function invalid(e: unknown): ClientError {
  return new ClientError({ kind: 'invalid', detail: e instanceof Error ? e.message : String(e) });
}

export class OutboxCommands {
  constructor(private readonly deps: OutboxDeps) {}

  adjust(input: Parameters<StockroomClient['adjust']>[0]): Promise<OperationView> {
    return this.decide(() => AdjustOp.parse({ type: 'adjust', ...input }));
  }

  count(input: Parameters<StockroomClient['count']>[0]): Promise<OperationView> {
    return this.decide(() => CountOp.parse({ type: 'count', ...input }));
  }

  createItem(input: Parameters<StockroomClient['createItem']>[0]): Promise<OperationView> {
    return this.decide(() => CreateItemOp.parse({ type: 'createItem', ...input }));
  }

  updateItem(input: Parameters<StockroomClient['updateItem']>[0]): Promise<OperationView> {
    return this.decide(() => UpdateItemOp.parse({ type: 'updateItem', ...input }));
  }

  archiveItem(input: Parameters<StockroomClient['archiveItem']>[0]): Promise<OperationView> {
    return this.decide(() => ArchiveItemOp.parse({ type: 'archiveItem', ...input }));
  }

  transfer(input: Parameters<StockroomClient['transfer']>[0]): Promise<OperationView> {
    return this.decide(() => TransferOp.parse({ type: 'transfer', ...input }));
  }

  createPlace(input: Parameters<StockroomClient['createPlace']>[0]): Promise<OperationView> {
    return this.decide(() => CreatePlaceOp.parse({ type: 'createPlace', ...input }));
  }

  updatePlace(input: Parameters<StockroomClient['updatePlace']>[0]): Promise<OperationView> {
    return this.decide(() => UpdatePlaceOp.parse({ type: 'updatePlace', ...input }));
  }

  archivePlace(input: Parameters<StockroomClient['archivePlace']>[0]): Promise<OperationView> {
    return this.decide(() => ArchivePlaceOp.parse({ type: 'archivePlace', ...input }));
  }

  /** Every line of a delivery, one `adjust` each, in one local transaction (enqueue-all.ts). */
  saveDelivery(input: Parameters<StockroomClient['saveDelivery']>[0]): Promise<{ ids: string[] }> {
    // `main` is left out, as every change at main is: a server before places takes it too.
    const at = input.placeId === MAIN_PLACE ? {} : { placeId: input.placeId };
    return this.saveAll(() =>
      input.lines
        .filter((line) => line.quantity !== 0)
        .map((line) =>
          AdjustOp.parse({
            type: 'adjust',
            itemId: line.itemId,
            delta: line.quantity,
            reason: 'received',
            ...at,
          }),
        ),
    );
  }

  stocktakeStep(op: StocktakeOp): Promise<OperationView> {
    return this.decide(() => StocktakeStepOp.parse(op));
  }

  private async decide(parse: () => Op): Promise<OperationView> {
    let op: Op;
    try {
      op = parse();
    } catch (e) {
      throw invalid(e);
    }
    const result = await this.deps.write((tx) =>
      asAuthor(tx, (author) => enqueue(tx, author, op, this.deps.clock.now())),
    );
    return this.saved(result);
  }

  importItems(ops: Parameters<StockroomClient['importItems']>[0]): Promise<{ ids: string[] }> {
    return this.saveAll(() =>
      ops.map((op) => (op.type === 'createItem' ? CreateItemOp.parse(op) : UpdateItemOp.parse(op))),
    );
  }

  /** Many new operations (an import, a delivery) in one local transaction: all or none. */
  private async saveAll(parse: () => Op[]): Promise<{ ids: string[] }> {
    let checked: Op[];
    try {
      checked = parse();
    } catch (e) {
      throw invalid(e);
    }
    const now = this.deps.clock.now();
    if (checked.length === 0) return { ids: [] };
    const result = await this.deps.write((tx) =>
      asAuthor(tx, (author) => enqueueAll(tx, author, checked, now)),
    );
    switch (result.kind) {
      case 'saved':
        this.deps.kick();
        return { ids: result.records.map(handleOf) };
      case 'signed-out':
        throw new ClientError({ kind: 'signed-out-change' });
      case 'no-room':
        throw new ClientError({ kind: 'no-room', room: result.room });
      default:
        return assertNever(result);
    }
  }

  async enterAgainAsNew(operationId: string, edited?: Op): Promise<OperationView> {
    let op: Op | undefined;
    try {
      op = edited && Op.parse(edited);
    } catch (e) {
      throw invalid(e);
    }
    const result = await this.deps.write((tx) =>
      asAuthor(tx, (author) => enterAgain(tx, author, operationId, this.deps.clock.now(), op)),
    );
    return this.saved(result);
  }

  async cancelUnsent(operationId: string): Promise<void> {
    const done = await this.deps.write(async (tx) => {
      const session = await getMeta(tx, 'session');
      return session ? cancelUnsent(tx, session.user.id, operationId) : false;
    });
    if (!done) throw new ClientError({ kind: 'not-cancellable' });
  }

  async reverse(operationId: string): Promise<OperationView> {
    const result = await this.deps.write((tx) =>
      asAuthor(tx, (author) => reverse(tx, author, operationId, this.deps.clock.now())),
    );
    return this.saved(result);
  }

  async discard(operationId: string, note: string): Promise<void> {
    const done = await this.deps.write(async (tx) => {
      const session = await getMeta(tx, 'session');
      const now = this.deps.clock.now();
      return session ? discard(tx, session.user.id, operationId, note, now) : false;
    });
    if (!done) throw new ClientError({ kind: 'not-discardable' });
  }

  async exportBackup(): Promise<string> {
    const backup = await this.deps.read(async (tx) => {
      const session = await getMeta(tx, 'session');
      return session && exportOutbox(tx, session.user.id, this.deps.clock.now());
    });
    if (!backup) throw new ClientError({ kind: 'signed-out-export' });
    return JSON.stringify(backup, null, 2);
  }

  async importBackup(text: string): Promise<CommandResult> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, refusal: { kind: 'backup-not-json' } };
    }
    const backup = BackupFile.safeParse(parsed);
    if (!backup.success) return { ok: false, refusal: { kind: 'backup-unreadable' } };
    let refusal: Refusal | null;
    try {
      refusal = await this.deps.write(async (tx) => {
        // In the same transaction as the import: the person cannot change in between.
        const session = await getMeta(tx, 'session');
        if (!session) return { kind: 'backup-signed-out' };
        const { otherPeople, mismatched } = foreignWork(backup.data, session.user.id);
        if (otherPeople.length > 0) return { kind: 'backup-of-others', people: otherPeople };
        if (mismatched) return { kind: 'backup-unreadable' };
        await importOutbox(tx, backup.data, this.deps.clock.now(), session.user);
        return null;
      });
    } catch (e) {
      return { ok: false, refusal: refusalOf(e) };
    }
    if (refusal !== null) return { ok: false, refusal };
    this.deps.imported();
    this.deps.kick();
    return { ok: true };
  }

  private saved(result: EnqueueResult | SignedOut | { kind: 'not-allowed' }): OperationView {
    switch (result.kind) {
      case 'saved':
        this.deps.kick();
        return this.viewOf(result.record, result.lease);
      case 'signed-out':
        throw new ClientError({ kind: 'signed-out-change' });
      case 'no-lease':
        throw new ClientError({ kind: 'no-lease' });
      case 'not-allowed':
        throw new ClientError({ kind: 'not-repeatable' });
      default:
        return assertNever(result);
    }
  }

  /** The view of a record just written, as the snapshot shows it. */
  private viewOf(record: OperationRecord, lease: LeaseRecord): OperationView {
    const runtime = { finishing: this.deps.finishing, now: this.deps.clock.now() };
    const view = { leases: new Map([[lease.id, lease]]), attempts: new Map() };
    return operationView(record, view, runtime);
  }
}
