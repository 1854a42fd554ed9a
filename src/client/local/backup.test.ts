/**
 * A backup written by an earlier app version (schema v1 on its device) still imports: the file's
 * format carries no receipts (only work not confirmed yet), so the v2 receipt move changes nothing
 * in it, and its attempt timeline stays readable.
 */
import { describe, expect, it } from 'vitest';
import { operationView } from '../core/operation-view';
import { openMemoryStore } from '../store/memory-store';
import { BackupFile, importOutbox } from './backup';
import { loadView } from './view';

const NOW = Date.parse('2026-12-01T08:00:00.000Z');

/** Exactly as exportOutbox wrote it before schema v2 (JSON text of a saved file). */
const OLD_FILE = JSON.stringify({
  format: 'stockroom-outbox-backup',
  version: 1,
  exportedAt: NOW - 3_600_000,
  deviceId: 'd-old',
  deviceName: 'Till 2',
  operations: [
    {
      id: 'L7.3',
      userId: 'u1',
      userName: 'demo',
      createdAt: NOW - 7_200_000,
      summary: 'Remove 1 from Desk lamp',
      op: { type: 'adjust', itemId: 'lamp-14', delta: -1, reason: 'sold' },
      state: 'unknown',
      lease: {
        id: 'L7',
        userId: 'u1',
        deviceId: 'd-old',
        size: 100,
        issuedAt: '2026-11-30T08:00:00.000Z',
        deadline: '2026-12-07T08:00:00.000Z',
        token: 'lease-token',
      },
      attempts: [
        {
          attemptId: 'req-1',
          kind: 'send',
          sentAt: NOW - 7_000_000,
          endedAt: NOW - 6_990_000,
          result: 'timeout',
          httpStatus: null,
          serverTiming: {},
        },
      ],
    },
  ],
});

describe('backup import', () => {
  it('a backup made by the previous version imports into review with its attempt timeline', async () => {
    const backup = BackupFile.parse(JSON.parse(OLD_FILE));
    const store = openMemoryStore();
    expect(await store.write((tx) => importOutbox(tx, backup, NOW))).toEqual({
      imported: 1,
      skipped: 0,
    });
    const view = await store.read(loadView);
    const record = view.operations.get('L7.3');
    expect(record).toMatchObject({ sendAttempts: 1, imported: { importedAt: NOW } });
    expect(record?.receipt).toBeUndefined();
    const shown = operationView(record as NonNullable<typeof record>, view, {
      now: NOW,
      finishing: new Map(),
      recheckAt: null,
      timeZone: 'UTC',
    });
    expect(shown.state).toBe('review');
    expect(shown.receipt).toBeNull();
    expect(shown.attempts).toMatchObject([{ attemptId: 'req-1', result: 'timeout', kind: 'send' }]);
  });
});
