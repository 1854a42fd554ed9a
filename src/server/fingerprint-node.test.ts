import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprint } from '../protocol/fingerprint';
import { fingerprintNode } from './fingerprint-node';

describe('fingerprintNode', () => {
  it('gives the same bytes as the browser fingerprint', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            type: fc.constant('adjust' as const),
            itemId: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/),
            delta: fc.integer({ min: -1000, max: 1000 }).filter((d) => d !== 0),
            reason: fc.constantFrom('sold' as const, 'received' as const),
            note: fc.string(),
          },
          { requiredKeys: ['type', 'itemId', 'delta', 'reason'] },
        ),
        async (op) => {
          expect(fingerprintNode(op)).toBe(await fingerprint(op));
        },
      ),
      { numRuns: 200 },
    );
  });
});
