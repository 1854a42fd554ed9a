/**
 * A backup file is checked like a request (shared schemas, the text rule, bounds) and belongs to
 * one person: another's work in it is refused whole.
 *
 * A backup written by an earlier app version (schema v1 on its device) still imports: the file's
 * format carries no receipts (only work not confirmed yet), so the v2 receipt move changes nothing
 * in it, and its attempt timeline stays readable.
 */
import { describe, expect, it } from 'vitest';
import { operationView } from '../core/operation-view';
import { openMemoryStore } from '../store/memory-store';
import { BackupFile, foreignWork, importOutbox } from './device-backup';
import { loadView } from './view';

const NOW = Date.parse('2026-12-01T08:00:00.000Z');
const DEMO = { id: 'u1', name: 'demo' };

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
    expect(await store.write((tx) => importOutbox(tx, backup, NOW, DEMO))).toEqual({
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
    });
    expect(shown.state).toBe('review');
    expect(shown.receipt).toBeNull();
    expect(shown.attempts).toMatchObject([{ attemptId: 'req-1', result: 'timeout', kind: 'send' }]);
  });

  type Edit = (file: Record<string, unknown>, op: Record<string, unknown>) => void;
  /** OLD_FILE with one edit made to it (the file and its only operation). */
  function edited(edit: Edit): unknown {
    const file = JSON.parse(OLD_FILE) as Record<string, unknown>;
    const [op] = file['operations'] as Record<string, unknown>[];
    edit(file, op as Record<string, unknown>);
    return file;
  }
  const lease = (op: Record<string, unknown>) => op['lease'] as Record<string, unknown>;
  const attempt = (op: Record<string, unknown>) =>
    (op['attempts'] as Record<string, unknown>[])[0] as Record<string, unknown>;

  it('refuses text that breaks the text rule anywhere in the file, and oversized text', () => {
    const edits: Record<string, Edit> = {
      'NUL in the user name': (_, op) => (op['userName'] = 'de\u0000mo'),
      'bidi override in the summary': (_, op) => (op['summary'] = 'Remove 1 \u202efrom lamp'),
      'a line break in the summary': (_, op) => (op['summary'] = 'Remove 1\nConfirmed'),
      'control in the note (shared Op schema)': (_, op) =>
        (op['op'] = {
          type: 'adjust',
          itemId: 'lamp-14',
          delta: -1,
          reason: 'sold',
          note: 'a\u0007',
        }),
      'lone surrogate in the user id': (_, op) => (op['userId'] = 'u\ud800'),
      'control in the lease token': (_, op) => (lease(op)['token'] = 'tok\u001ben'),
      'control in an attempt id': (_, op) => (attempt(op)['attemptId'] = 'req\u0000'),
      'invisible space in the device name': (file) => (file['deviceName'] = 'Till\u200b2'),
      'a summary of 1001 characters': (_, op) => (op['summary'] = 'x'.repeat(1001)),
      'an empty user name': (_, op) => (op['userName'] = ''),
      'a wrong operation id shape': (_, op) => (op['id'] = 'L7.03'),
    };
    for (const [what, edit] of Object.entries(edits)) {
      expect([what, BackupFile.safeParse(edited(edit)).success]).toEqual([what, false]);
    }
    // The file as exported passes.
    expect(BackupFile.safeParse(edited(() => undefined)).success).toBe(true);
  });

  it("names other people whose work a file holds, and ids that are not their lease's", () => {
    const mine = BackupFile.parse(JSON.parse(OLD_FILE));
    expect(foreignWork(mine, 'u1')).toEqual({ otherPeople: [], mismatched: false });
    expect(foreignWork(mine, 'u2')).toEqual({ otherPeople: ['demo'], mismatched: false });
    const leaseOfAnother = BackupFile.parse(edited((_, op) => (lease(op)['userId'] = 'u9')));
    expect(foreignWork(leaseOfAnother, 'u1').otherPeople).toEqual(['demo']);
    const notItsLease = BackupFile.parse(edited((_, op) => (op['id'] = 'L8.3')));
    expect(foreignWork(notItsLease, 'u1').mismatched).toBe(true);
  });

  it('imports as the signed-in person, and never another person’s work', async () => {
    const store = openMemoryStore();
    const named = BackupFile.parse(edited((_, op) => (op['userName'] = 'someone else')));
    await store.write((tx) => importOutbox(tx, named, NOW, DEMO));
    expect((await store.read(loadView)).operations.get('L7.3')).toMatchObject({
      userId: 'u1',
      userName: 'demo',
    });
    const other = openMemoryStore();
    const theirs = BackupFile.parse(JSON.parse(OLD_FILE));
    await expect(
      other.write((tx) => importOutbox(tx, theirs, NOW, { id: 'u2', name: 'manager' })),
    ).rejects.toThrow(/another person/);
    expect((await other.read(loadView)).operations.size).toBe(0);
  });
});
