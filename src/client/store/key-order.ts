/**
 * IndexedDB key order for the keys Stockroom uses (W3C IndexedDB §2.7 "compare two keys"):
 * numbers < strings < arrays; arrays element by element, then by length. The memory adapter
 * sorts with it so both adapters list records in the same order.
 */
export type KeyValue = number | string | readonly KeyValue[];

function rank(k: KeyValue): number {
  return typeof k === 'number' ? 0 : typeof k === 'string' ? 1 : 2;
}

export function compareKeys(a: KeyValue, b: KeyValue): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  const xs = a as readonly KeyValue[];
  const ys = b as readonly KeyValue[];
  for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
    const c = compareKeys(xs[i] as KeyValue, ys[i] as KeyValue);
    if (c !== 0) return c;
  }
  return xs.length - ys.length;
}

/** A record's key at `keyPath` (a property or a list of properties); undefined when absent. */
export function keyAt(value: object, keyPath: string | readonly string[]): KeyValue | undefined {
  const record = value as Record<string, unknown>;
  if (typeof keyPath === 'string') return validKey(record[keyPath]);
  const parts = keyPath.map((p) => validKey(record[p]));
  return parts.every((p) => p !== undefined) ? (parts as KeyValue[]) : undefined;
}

function validKey(v: unknown): KeyValue | undefined {
  if (typeof v === 'number') return Number.isNaN(v) ? undefined : v;
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    const parts = v.map(validKey);
    return parts.every((p) => p !== undefined) ? (parts as KeyValue[]) : undefined;
  }
  return undefined;
}
