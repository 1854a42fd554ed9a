/**
 * The commands of the model-based fault schedules (fast-check `fc.commands`). Each acts on the
 * real world (server, tabs, network, clocks) and then checks the invariant that holds at every
 * moment: nothing is stored or shown as settled by a receipt without that receipt stored.
 */
import fc from 'fast-check';
import { ClientError, type StockroomClientCore } from '../../../src/client/client';
import { MAIN_PLACE, type FaultRule } from '../../../src/protocol/schemas';
import { BACK_PLACE, type World } from './model-world';

type Model = Record<string, never>;

export class InvariantViolation extends Error {
  constructor(readonly problems: string[]) {
    super(`safety violated:\n- ${problems.join('\n- ')}`);
  }
}

abstract class Step implements fc.AsyncCommand<Model, World> {
  check(): boolean {
    return true;
  }
  protected abstract act(w: World): Promise<void>;
  async run(_m: Model, w: World): Promise<void> {
    await this.act(w);
    const problems = await w.invariant();
    if (problems.length) throw new InvariantViolation(problems);
  }
  abstract toString(): string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until a tab shows an operation in flight (or a few real milliseconds pass). */
async function untilSending(w: World): Promise<void> {
  for (let i = 0; i < 15; i++) {
    const shown = w.open_().flatMap((t) => t.client.getSnapshot().operations);
    if (shown.some((o) => o.state === 'sending' || o.state === 'checking')) return;
    await sleep(2);
  }
}

/** A change the person saves on a tab (counted as decided only when it was saved). */
abstract class Decide extends Step {
  constructor(readonly tab: number) {
    super();
  }
  protected abstract save(client: StockroomClientCore, w: World): Promise<unknown>;
  async act(w: World) {
    await w.open(this.tab);
    const client = w.tabs[this.tab]?.client;
    if (!client) return;
    try {
      await this.save(client, w);
      w.decided++;
    } catch (e) {
      // Not saved (no lease yet, storage): the person was told, nothing was decided.
      if (!(e instanceof ClientError)) throw e;
    }
  }
}

const itemOf = (w: World, item: number) => w.items[item] ?? 'no-such-item';

class Enqueue extends Decide {
  constructor(
    tab: number,
    readonly item: number,
    readonly delta: number,
  ) {
    super(tab);
  }
  save(client: StockroomClientCore, w: World) {
    const itemId = itemOf(w, this.item);
    return client.adjust({ itemId, delta: this.delta, reason: 'correction' });
  }
  toString() {
    return `Enqueue(tab ${this.tab}, item ${this.item}, ${this.delta})`;
  }
}

/** Stock moved between main and the back room: both sides once, or neither. */
class Transfer extends Decide {
  constructor(
    tab: number,
    readonly item: number,
    readonly toBack: boolean,
    readonly quantity: number,
  ) {
    super(tab);
  }
  save(client: StockroomClientCore, w: World) {
    const [fromPlaceId, toPlaceId] = this.toBack
      ? [MAIN_PLACE, BACK_PLACE]
      : [BACK_PLACE, MAIN_PLACE];
    const itemId = itemOf(w, this.item);
    return client.transfer({ itemId, fromPlaceId, toPlaceId, quantity: this.quantity });
  }
  toString() {
    return `Transfer(tab ${this.tab}, item ${this.item}, ${this.toBack ? 'to back' : 'to main'} ${this.quantity})`;
  }
}

/** A count line of the schedule's stock-take, based on the item revision the tab shows. */
class CountLine extends Decide {
  constructor(
    tab: number,
    readonly item: number,
    readonly counted: number,
  ) {
    super(tab);
  }
  save(client: StockroomClientCore, w: World) {
    const itemId = itemOf(w, this.item);
    const seen = client.getSnapshot().items.find((i) => i.id === itemId);
    return client.stocktakeStep({
      type: 'stocktakeCount',
      stocktakeId: w.stocktakeId,
      itemId,
      counted: this.counted,
      basedOnRevision: seen?.revision ?? 0,
    });
  }
  toString() {
    return `CountLine(tab ${this.tab}, item ${this.item}, ${this.counted})`;
  }
}

class ApplyStocktake extends Decide {
  constructor(
    tab: number,
    readonly uncounted: 'leave' | 'zero',
  ) {
    super(tab);
  }
  save(client: StockroomClientCore, w: World) {
    return client.stocktakeStep({
      type: 'applyStocktake',
      stocktakeId: w.stocktakeId,
      uncounted: this.uncounted,
    });
  }
  toString() {
    return `ApplyStocktake(tab ${this.tab}, ${this.uncounted})`;
  }
}

class Drain extends Step {
  act = (w: World) => w.drain();
  toString = () => 'Drain';
}

class Fault extends Step {
  constructor(readonly rule: FaultRule) {
    super();
  }
  async act(w: World) {
    await w.ms.fault(this.rule);
  }
  toString() {
    return `Fault(${this.rule.fault}×${this.rule.times ?? 1})`;
  }
}

/**
 * Two tabs send at once: the server holds the first tab's request a moment, and the second tab
 * (no shared lock) takes the same ids over and sends them meanwhile.
 */
class ConcurrentDrain extends Step {
  async act(w: World) {
    await w.open(0);
    await w.open(1);
    const [a, b] = [w.tabs[0]?.client, w.tabs[1]?.client];
    await w.ms.fault({ fault: 'delay', delayMs: 40, times: 1 });
    void a?.syncNow({ newRound: true });
    await untilSending(w);
    void b?.syncNow({ newRound: true });
    await w.drain();
  }
  toString = () => 'ConcurrentDrain';
}

/** The tab is closed (or reloaded) while an attempt is in flight. */
class RestartMidSend extends Step {
  constructor(readonly tab: number) {
    super();
  }
  async act(w: World) {
    await w.open(this.tab);
    void w.tabs[this.tab]?.client.syncNow({ newRound: true });
    await untilSending(w);
    w.close(this.tab);
    await w.open(this.tab);
  }
  toString() {
    return `RestartMidSend(tab ${this.tab})`;
  }
}

/**
 * The tab closes between a receipt and its local commit; with `skip`, after that many of a batch's
 * receipt transactions committed (the model's batches store each receipt in a transaction of its own).
 */
class ClosedBeforeLocalCommit extends Step {
  constructor(
    readonly tab: number,
    readonly skip = 0,
  ) {
    super();
  }
  async act(w: World) {
    await w.open(this.tab);
    const tab = w.tabs[this.tab];
    tab?.store.crashBeforeReceiptCommit(this.skip);
    await w.drain();
    if (tab?.store.crashed) {
      w.coverage?.add(
        this.skip > 0
          ? 'tab closed between two receipt chunks'
          : 'tab closed before the local commit',
      );
      w.close(this.tab);
      await w.open(this.tab);
    }
  }
  toString() {
    return `ClosedBeforeLocalCommit(tab ${this.tab}, skip ${this.skip})`;
  }
}

class CloseTab extends Step {
  constructor(readonly tab: number) {
    super();
  }
  act(w: World) {
    w.close(this.tab);
    return Promise.resolve();
  }
  toString() {
    return `CloseTab(${this.tab})`;
  }
}

class ServerRestart extends Step {
  act = (w: World) => {
    w.coverage?.add('server restart');
    return w.ms.restart();
  };
  toString = () => 'ServerRestart';
}

class Network extends Step {
  constructor(readonly online: boolean) {
    super();
  }
  act(w: World) {
    w.network.set(this.online);
    return w.settle();
  }
  toString() {
    return this.online ? 'Online' : 'Offline';
  }
}

class Cleanup extends Step {
  act = async (w: World) => void (await w.ms.cleanup());
  toString = () => 'Cleanup';
}

class ClockJump extends Step {
  constructor(
    readonly which: 'both' | 'server' | 'device',
    readonly ms: number,
  ) {
    super();
  }
  async act(w: World) {
    if (this.which !== 'device') await w.ms.advance(Math.abs(this.ms));
    // A device clock that is changed moves without firing timers (they run on elapsed time).
    if (this.which !== 'server') w.clock.set(w.clock.now() + this.ms);
  }
  toString() {
    return `ClockJump(${this.which}, ${this.ms / 60_000} min)`;
  }
}

const MIN = 60_000;
const tab = fc.constantFrom(0, 1);

/** One weighted choice per step: restarts are costly, so rarer than the everyday weather. */
export const COMMANDS: fc.Arbitrary<fc.AsyncCommand<Model, World>>[] = [
  fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.constantFrom(0, 0, 1),
          fc.constantFrom(0, 0, 0, 1, 1, 1, 2),
          fc.oneof(
            fc.integer({ min: -3, max: 3 }).filter((d) => d !== 0),
            fc.constant(-80),
          ),
        )
        .map(([t, item, delta]) => new Enqueue(t, item, delta)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(tab, fc.constantFrom(0, 1), fc.boolean(), fc.integer({ min: 1, max: 30 }))
        .map(([t, item, toBack, quantity]) => new Transfer(t, item, toBack, quantity)),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(tab, fc.constantFrom(0, 1), fc.integer({ min: 0, max: 60 }))
        .map(([t, item, counted]) => new CountLine(t, item, counted)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(tab, fc.constantFrom<'leave' | 'zero'>('leave', 'zero'))
        .map(([t, uncounted]) => new ApplyStocktake(t, uncounted)),
    },
    { weight: 4, arbitrary: fc.constant(new Drain()) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.constantFrom<FaultRule['fault']>(
            'drop-request',
            'drop-response',
            'fail-before-commit',
            'delay',
            'unavailable',
          ),
          fc.integer({ min: 1, max: 2 }),
        )
        .map(
          ([fault, times]) =>
            new Fault(fault === 'delay' ? { fault, times, delayMs: 60 } : { fault, times }),
        ),
    },
    { weight: 2, arbitrary: fc.constant(new ConcurrentDrain()) },
    { weight: 1, arbitrary: tab.map((t) => new RestartMidSend(t)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(tab, fc.integer({ min: 0, max: 1 }))
        .map(([t, skip]) => new ClosedBeforeLocalCommit(t, skip)),
    },
    { weight: 1, arbitrary: tab.map((t) => new CloseTab(t)) },
    { weight: 1, arbitrary: fc.constant(new ServerRestart()) },
    { weight: 2, arbitrary: fc.boolean().map((online) => new Network(online)) },
    { weight: 1, arbitrary: fc.constant(new Cleanup()) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom<'both' | 'server' | 'device'>('both', 'server', 'device'),
          fc.constantFrom(2 * MIN, 20 * MIN, 70 * MIN, 180 * MIN, -30 * MIN),
        )
        .map(([which, ms]) => new ClockJump(which, which === 'device' ? ms : Math.abs(ms))),
    },
  ),
];
