/**
 * Test support: a server receipt as the client's tests use it, one shape for every suite
 * (`more` changes the fields a test is about). Imported by tests and the bench only.
 */
import type { Receipt } from '../../../src/protocol/schemas';

export function sampleReceipt(more: Partial<Receipt> = {}): Receipt {
  return {
    operationId: 'L1.1',
    outcome: 'applied',
    reason: null,
    itemId: 'lamp-14',
    delta: -2,
    resultingQuantity: 10,
    itemRevision: 8,
    recordedAt: '2026-11-29T17:00:00.312Z',
    compacted: false,
    ...more,
  };
}
