/**
 * Test support: an operation record as the client's tests use it, one shape for every suite
 * (`more` changes the fields a test is about): operation `L1.<order>` of user u1, removing one
 * desk lamp, queued and never sent. Imported by tests only.
 */
import type { OperationRecord } from '../../../src/client/core/records';

export const SAMPLE_CREATED_AT = Date.parse('2026-11-29T17:00:00.000Z');

export function sampleRecord(order: number, more: Partial<OperationRecord> = {}): OperationRecord {
  return {
    id: `L1.${order}`,
    userId: 'u1',
    userName: 'demo',
    order,
    leaseId: 'L1',
    op: { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
    createdAt: SAMPLE_CREATED_AT,
    summary: 'Remove 1 from Desk lamp',
    state: { kind: 'queued', retry: { attempts: 0, notBefore: 0 } },
    sendAttempts: 0,
    imported: null,
    resolution: null,
    ...more,
  };
}
