import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, fingerprint } from './fingerprint';

describe('fingerprint', () => {
  it('is SHA-256 over sorted keys without whitespace', async () => {
    const op = { type: 'adjust', itemId: 'lamp-14', delta: -2, reason: 'sold' } as const;
    const canonical = '{"delta":-2,"itemId":"lamp-14","reason":"sold","type":"adjust"}';
    expect(canonicalJson({ type: 'adjust', reason: 'sold', delta: -2, itemId: 'lamp-14' })).toBe(
      canonical,
    );
    expect(await fingerprint(op)).toBe(createHash('sha256').update(canonical).digest('hex'));
  });

  it('tells an absent note from an empty one', async () => {
    const op = { type: 'adjust', itemId: 'a', delta: 1, reason: 'received' } as const;
    expect(await fingerprint(op)).not.toBe(await fingerprint({ ...op, note: '' }));
  });

  it('sorts nested keys and keeps array order', () => {
    expect(canonicalJson({ b: [2, { d: 1, c: 0 }], a: null })).toBe(
      '{"a":null,"b":[2,{"c":0,"d":1}]}',
    );
  });
});

describe('canonicalJson refuses what JSON cannot hold', () => {
  it('says so rather than fingerprinting nothing', () => {
    expect(() => canonicalJson(undefined)).toThrow(new TypeError('not representable in JSON'));
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
  });
});
