/**
 * Two tabs of one device: one sends, the other sees the outcome without a reload (BroadcastChannel
 * says "look again", IndexedDB holds the truth). A sending tab closed between the server's
 * receipt and the local commit loses nothing and doubles nothing: the next tab resumes the same id.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browserScenario } from '../support/reliability';
import type { BrowserContext } from 'playwright-core';
import type { Page } from 'playwright-core';
import { OUTBOX_SYNC_TAG } from '../../src/sw/sync-tag';
import {
  LABEL,
  adjustStock,
  deviceChangeLabel,
  eventually,
  openItem,
  untilConfirmed,
} from './support/app';
import { signInUi } from './support/sign-in';
import { NETWORK_FAULTS, expectConsole, dispatchSync, newPhoneContext } from './support/browser';
import { operationGate } from './support/operation-gate';
import { demoItem, useScene } from './support/scene';

const scene = useScene();
// Tabs are closed mid-send and replies cut off on purpose: Chromium logs the broken requests.
beforeEach(() => expectConsole(...NETWORK_FAULTS));

const OPERATIONS = /\/api\/operations(\/batch)?$/;

/** Requests for the origin's sender lock (Web Locks) that wait, from every tab and worker. */
async function waitingForSenderLock(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const { pending = [] } = await navigator.locks.query();
    return pending.filter((l) => l.name === 'stockroom:sender').length;
  });
}

describe('two tabs', () => {
  beforeEach(browserScenario);
  it('one sends, the other updates without a reload', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const context = await newPhoneContext(scene.browser);
    const sender = await context.newPage();
    await signInUi(sender, scene.server.url);
    const watcher = await context.newPage();
    await watcher.goto(scene.server.url);
    await openItem(watcher, item.name);
    await openItem(sender, item.name);

    await adjustStock(sender, -1);

    await untilConfirmed(watcher, item.quantity - 1);
    await context.close();
  });

  /**
   * Web Locks make one sender at a time across the tabs and the service worker. While the first
   * tab's send is held at a gate, the second tab starts a round and the service worker gets a
   * Background Sync: each either waits for the lock or (without a shared lock) takes the operation
   * for an orphan and sends it too. The gate counts requests about the operation in flight at once.
   */
  it('one sender across two tabs and the service worker: never two requests for one operation at once', async () => {
    const api = await scene.server.api();
    const item = await demoItem(api);
    const gate = await operationGate(() => scene.server.url);
    const context = await newPhoneContext(scene.browser);
    try {
      const first = await context.newPage();
      await signInUi(first, gate.url);
      await first.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await openItem(first, item.name);
      const second = await context.newPage();
      await second.goto(gate.url);
      await openItem(second, item.name);

      gate.hold();
      await adjustStock(first, -1);
      const [id] = await eventually(
        () => Promise.resolve(gate.seen()),
        (ids) => ids.length === 1,
        'the first tab sending',
      );
      if (!id) throw new Error('no operation id seen');
      await second.reload(); // a new round in the second tab
      await dispatchSync(second, gate.url, OUTBOX_SYNC_TAG); // and one in the service worker
      const trying = async (): Promise<number> =>
        gate.inFlight(id) + (await waitingForSenderLock(first));
      await eventually(trying, (n) => n >= 3, 'all three senders trying');
      gate.release();

      await expect.poll(() => deviceChangeLabel(first).textContent()).toBe(LABEL.confirmed);
      await eventually(trying, (n) => n === 0, 'every sender done');
      expect(gate.maxInFlight(id)).toBe(1);
      const journal = await api.history(item.id);
      expect(journal.filter((e) => e.delta === -1)).toHaveLength(1);
    } finally {
      await context.close();
      await gate.close();
    }
  });

  /**
   * The sending tab's request reaches the server (which commits), then the tab closes before the
   * page has stored the receipt: with the reply held back, or just as the reply is handed over.
   */
  async function closeMidSend(deliverReply: boolean): Promise<void> {
    const api = await scene.server.api();
    const item = await demoItem(api);
    // Requests are intercepted on the page; the service worker must not be the one sending.
    const context: BrowserContext = await newPhoneContext(scene.browser, {
      blockServiceWorker: true,
    });
    const first = await context.newPage();
    await signInUi(first, scene.server.url);
    await openItem(first, item.name);

    let committed!: () => void;
    const serverCommitted = new Promise<void>((resolve) => (committed = resolve));
    await first.route(OPERATIONS, async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      const response = await route.fetch();
      if (deliverReply) await route.fulfill({ response });
      committed();
      // Without delivery the request stays open until the tab closes.
    });
    await adjustStock(first, -2);
    await serverCommitted;
    await first.close();

    const next = await context.newPage();
    await next.goto(scene.server.url);
    await openItem(next, item.name);
    await untilConfirmed(next, item.quantity - 2);

    const journal = await api.history(item.id);
    expect(journal.filter((e) => e.delta === -2)).toHaveLength(1);
    expect((await api.item(item.id)).quantity).toBe(item.quantity - 2);
    await context.close();
  }

  it('closing the sending tab after the server committed, before the reply: nothing lost', async () => {
    await closeMidSend(false);
  });

  it('closing the sending tab as the reply arrives: nothing doubled', async () => {
    await closeMidSend(true);
  });
});
