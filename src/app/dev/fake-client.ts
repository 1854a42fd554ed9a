/**
 * An in-memory StockroomClient for developing the UI before (and apart from) the real client core.
 * Never shipped: src/app/main.tsx uses the real `createClient`. It simulates sending with timers
 * and a seeded sequence of outcomes, so every state label can be seen on screen.
 */
import type {
  ClientSnapshot,
  CommandResult,
  ItemView,
  OperationState,
  OperationView,
  PeopleClient,
  StockroomClient,
} from '../../client/facade';
import type { Account, HistoryResponse, Op } from '../../protocol/schemas';
import { opItemId } from '../../protocol/op-item';

const SHELVES = ['A', 'B', 'C', 'D'];
const NOUNS = ['Lamp', 'Kettle', 'Mug', 'Chair', 'Shelf bracket', 'Cable', 'Blanket', 'Vase'];

export interface FakeOptions {
  itemCount?: number;
  /** Outcome per new operation, in turn: lets a screenshot show several states at once. */
  script?: OperationState[];
  testerMode?: boolean;
}

function makeItems(count: number, now: string): ItemView[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `item-${i}`,
    sku: `SKU-${String(10_000 + i)}`,
    name: `${NOUNS[i % NOUNS.length] ?? 'Item'} ${i + 1}`,
    location: SHELVES[i % SHELVES.length] ?? 'A',
    quantity: (i * 7) % 40,
    revision: 1 + (i % 5),
    updatedAt: now,
    barcode: null,
    lowStockThreshold: null,
    archived: false,
    pendingDelta: 0,
  }));
}

const SETTLED: ReadonlySet<OperationState> = new Set([
  'confirmed',
  'rejected',
  'not-applied',
  'review',
  'expired',
]);

const DECIDE: ReadonlySet<OperationState> = new Set([
  'review',
  'expired',
  'not-applied',
  'rejected',
]);

/** The view of `op` in `state`, with the flags the real core derives (roughly). */
function withState(
  op: OperationView,
  state: OperationState,
  extra: Partial<OperationView> = {},
): OperationView {
  const next = { ...op, ...extra };
  const open = !next.resolution;
  return {
    ...next,
    state,
    explanation: state === 'unknown' ? { kind: 'no-result' } : null,
    canCheckAndResend: open && (state === 'unknown' || state === 'waiting'),
    canEnterAgain: open && DECIDE.has(state),
    canDiscard: open && DECIDE.has(state),
  };
}

/** People's accounts in memory, for the UI without a server (the real rules are the server's). */
function fakePeople(): PeopleClient {
  const at = new Date().toISOString();
  let people: Account[] = [
    { id: 'demo', name: 'demo', role: 'staff', disabled: false, lastSignInAt: at },
    { id: 'manager', name: 'manager', role: 'manager', disabled: false, lastSignInAt: at },
  ];
  return {
    async list() {
      return { ok: true, value: people };
    },
    async add({ name, role }) {
      if (people.some((p) => p.name === name))
        return { ok: false, refusal: { kind: 'account-name-taken', name } };
      const added: Account = { id: name, name, role, disabled: false, lastSignInAt: null };
      people = [...people, added].sort((a, b) => a.name.localeCompare(b.name));
      return { ok: true, value: added };
    },
    async change(name, { role, disabled }) {
      const found = people.find((p) => p.name === name);
      if (!found)
        return { ok: false, refusal: { kind: 'server-problem', status: 404, detail: name } };
      const changed: Account = {
        ...found,
        ...(role !== undefined ? { role } : {}),
        ...(disabled !== undefined ? { disabled } : {}),
      };
      people = people.map((p) => (p.name === name ? changed : p));
      return { ok: true, value: changed };
    },
  };
}

export function createFakeClient(options: FakeOptions = {}): StockroomClient {
  const start = Date.now();
  const nowIso = (): string => new Date().toISOString();
  const script = options.script ?? ['confirmed'];
  let seq = 0;
  let snapshot: ClientSnapshot = {
    ready: true,
    user: null,
    deviceName: 'Front counter tablet',
    connectivity: 'online',
    nextCheckAt: null,
    items: makeItems(options.itemCount ?? 20, nowIso()),
    itemsRevision: 1,
    operations: [],
    unconfirmedCount: 0,
    drain: null,
    lease: {
      id: 'Lfake',
      issuedAt: new Date(start).toISOString(),
      deadline: new Date(start + 7 * 86_400_000).toISOString(),
      used: 0,
      size: 10_000,
    },
    warnings: [],
    otherUsersWaiting: [{ userName: 'alex', count: 3 }],
    storageProblem: null,
    testerMode: options.testerMode ?? true,
  };
  const listeners = new Set<() => void>();

  function commit(next: Partial<ClientSnapshot>): void {
    const merged = { ...snapshot, ...next };
    const pending = merged.operations.filter((o) => !SETTLED.has(o.state));
    const items = merged.items.map((item) => {
      const pendingDelta = pending
        .filter((o) => opItemId(o.op) === item.id && o.op.type === 'adjust')
        .reduce((sum, o) => sum + (o.op.type === 'adjust' ? o.op.delta : 0), 0);
      return pendingDelta === item.pendingDelta ? item : { ...item, pendingDelta };
    });
    snapshot = { ...merged, items, unconfirmedCount: pending.length };
    listeners.forEach((l) => l());
  }

  function setState(id: string, state: OperationState, extra: Partial<OperationView> = {}): void {
    commit({
      operations: snapshot.operations.map((o) => (o.id === id ? withState(o, state, extra) : o)),
    });
  }

  function finish(op: OperationView, outcome: OperationState): void {
    const attempt = {
      attemptId: `a${op.attempts.length + 1}-${op.id}`,
      sentAt: nowIso(),
      endedAt: null,
      result: 'pending' as const,
      httpStatus: null,
      serverTiming: {},
    };
    setState(op.id, 'sending', { attempts: [...op.attempts, attempt] });
    setTimeout(() => {
      const ended = { ...attempt, endedAt: nowIso() };
      const done =
        outcome === 'unknown'
          ? { ...ended, result: 'timeout' as const }
          : {
              ...ended,
              result: 'response' as const,
              httpStatus: 201,
              serverTiming: { accept: 0.1, tx: 1.9, commit: 0.4 },
            };
      setState(op.id, outcome, { attempts: [...op.attempts, done] });
    }, 800);
  }

  async function enqueue(op: Op): Promise<OperationView> {
    const id = `Lfake.${seq}`;
    const outcome = script[seq % script.length] ?? 'confirmed';
    seq += 1;
    const view: OperationView = withState(
      {
        id,
        handle: id,
        userName: snapshot.user?.name ?? 'demo',
        op,
        state: 'queued',
        createdAt: nowIso(),
        deadline: snapshot.lease?.deadline ?? nowIso(),
        attempts: [],
        receipt: null,
        reason: outcome === 'review' ? { kind: 'review', reason: 'would-go-negative' } : null,
        imported: false,
        nextRetryAt: null,
        resolution: null,
      },
      'queued',
    );
    commit({ operations: [...snapshot.operations, view] });
    setTimeout(() => finish(view, outcome), 600);
    return view;
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    personActing: () => undefined,
    async signIn(username, password): Promise<CommandResult> {
      if (username !== password) return { ok: false, refusal: { kind: 'wrong-credentials' } };
      commit({
        user: { id: username, name: username, role: username === 'manager' ? 'manager' : 'staff' },
      });
      return { ok: true };
    },
    async signOut() {
      commit({ user: null });
    },
    async signOutAndRemoveData(): Promise<CommandResult> {
      if (snapshot.unconfirmedCount > 0) {
        return {
          ok: false,
          refusal: { kind: 'unconfirmed-changes', count: snapshot.unconfirmedCount },
        };
      }
      commit({ user: null, operations: [], items: [] });
      return { ok: true };
    },
    async setDeviceName(deviceName) {
      commit({ deviceName });
    },
    adjust: (input) => enqueue({ type: 'adjust', ...input }),
    count: (input) => enqueue({ type: 'count', ...input }),
    createItem: (input) => enqueue({ type: 'createItem', ...input }),
    updateItem: (input) => enqueue({ type: 'updateItem', ...input }),
    archiveItem: (input) => enqueue({ type: 'archiveItem', ...input }),
    transfer: (input) => enqueue({ type: 'transfer', ...input }),
    createPlace: (input) => enqueue({ type: 'createPlace', ...input }),
    updatePlace: (input) => enqueue({ type: 'updatePlace', ...input }),
    archivePlace: (input) => enqueue({ type: 'archivePlace', ...input }),
    async saveDelivery({ placeId, lines }) {
      const views: OperationView[] = [];
      for (const { itemId, quantity } of lines) {
        const at = placeId === 'main' ? {} : { placeId };
        views.push(
          await enqueue({ type: 'adjust', itemId, delta: quantity, reason: 'received', ...at }),
        );
      }
      return { ids: views.map((v) => v.handle) };
    },
    stocktakeStep: (op) => enqueue(op),
    // The fake has no server: stock-takes are known only from its own saved steps.
    stocktakes: async () => null,
    stocktake: async () => null,
    keptStocktakes: async () => null,
    keptStocktake: async () => null,
    async importItems(ops) {
      const views: OperationView[] = [];
      for (const op of ops) views.push(await enqueue(op));
      return { ids: views.map((v) => v.handle) };
    },
    async checkAndResend(id) {
      const op = snapshot.operations.find((o) => o.id === id);
      if (op) finish(op, 'confirmed');
    },
    async enterAgainAsNew(id, edited) {
      const op = snapshot.operations.find((o) => o.id === id);
      if (!op) throw new Error(`no operation ${id}`);
      const created = await enqueue(edited ?? op.op);
      setState(id, op.state, {
        resolution: { kind: 'entered-again', newOperationId: created.id, at: nowIso() },
      });
      return created;
    },
    async cancelUnsent(id) {
      commit({ operations: snapshot.operations.filter((o) => o.id !== id) });
    },
    async reverse(id) {
      const op = snapshot.operations.find((o) => o.id === id);
      if (!op || op.op.type !== 'adjust') throw new Error(`no adjustment ${id}`);
      const { itemId, delta } = op.op;
      return enqueue({ type: 'adjust', itemId, delta: -delta, reason: 'correction' });
    },
    async discard(id, note) {
      const op = snapshot.operations.find((o) => o.id === id);
      if (op) setState(id, op.state, { resolution: { kind: 'discarded', note, at: nowIso() } });
    },
    async refreshItems() {},
    async history(): Promise<HistoryResponse> {
      return { entries: [], next: null };
    },
    stockHistory: async (_itemId, item) => ({ entries: [], more: false, item }),
    keptStockHistory: async () => null,
    async exportBackup() {
      return JSON.stringify({ operations: snapshot.operations });
    },
    async importBackup(): Promise<CommandResult> {
      return { ok: false, refusal: { kind: 'backup-unreadable' } };
    },
    people: fakePeople(),
    // No tester tools: the Tester panel says tester mode is off.
    tester: null,
    close() {
      listeners.clear();
    },
  };
}
