/** Small typed records of the `meta` store: who is signed in, this device, counters. */
import type { User } from '../../protocol/schemas';
import type { Tx } from '../store/local-store';
import type { MetaKey, MetaOf } from '../store/schema';

export async function getMeta<K extends MetaKey>(tx: Tx, key: K): Promise<MetaOf<K> | undefined> {
  const record = await tx.get('meta', key);
  return record?.key === key ? (record as MetaOf<K>) : undefined;
}

/** The device's identity, made once (the id goes into lease requests). */
export async function ensureDevice(tx: Tx, newId: string): Promise<MetaOf<'device'>> {
  const existing = await getMeta(tx, 'device');
  if (existing) return existing;
  const device: MetaOf<'device'> = { key: 'device', deviceId: newId, deviceName: 'This device' };
  await tx.put('meta', device);
  return device;
}

export async function setDeviceName(tx: Tx, deviceName: string, newId: string): Promise<void> {
  const device = await ensureDevice(tx, newId);
  await tx.put('meta', { ...device, deviceName });
}

export async function setSession(
  tx: Tx,
  token: string,
  user: User,
  testerMode = false,
): Promise<void> {
  await tx.put('meta', { key: 'session', token, user, expired: false, testerMode });
}

export async function clearSession(tx: Tx): Promise<void> {
  await tx.delete('meta', 'session');
}

/**
 * Whether the device is still signed in with `token` (not signed out, nobody else signed in, not
 * refused by the server since): work read under a session asks the server nothing once it ended.
 */
export async function signedInAs(tx: Tx, token: string): Promise<boolean> {
  const session = await getMeta(tx, 'session');
  return session?.token === token && !session.expired;
}

/** The server said 401 to this token: keep who it was (their outbox), ask for a sign-in. */
export async function markSessionExpired(tx: Tx, token: string): Promise<void> {
  const session = await getMeta(tx, 'session');
  if (session && session.token === token) await tx.put('meta', { ...session, expired: true });
}

/**
 * The next creation-order number (the sender drains in it). `madeAt`: an operation made here at
 * this local time (`OrderMeta.latestMadeAt`); imported work passes none.
 */
export async function takeOrder(tx: Tx, madeAt?: number): Promise<number> {
  const counter = await getMeta(tx, 'order');
  const order = counter?.next ?? 0;
  const latest = Math.max(counter?.latestMadeAt ?? -Infinity, madeAt ?? -Infinity);
  await tx.put('meta', {
    key: 'order',
    next: order + 1,
    ...(Number.isFinite(latest) ? { latestMadeAt: latest } : {}),
  });
  return order;
}
