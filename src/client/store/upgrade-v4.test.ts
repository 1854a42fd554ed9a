/**
 * Schema v3 → v4: the layout stays; the version keeps an app from before the claims record out,
 * since it would read a claimed operation as never sent.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { sampleRecord } from '../../../tests/support/client/sample-record';
import { claim } from '../transactions/outbox';
import { getOperation, putOperation } from '../transactions/record-index';
import { StorageFailure } from './local-store';
import { MIGRATIONS, openIdbStore } from './idb-store';

describe('schema v4: the claims record', () => {
  it('keeps what version 3 held, and an app of version 3 cannot open it once claims may be in it', async () => {
    const indexedDB = new IDBFactory();
    const v3 = await openIdbStore({ indexedDB, migrations: MIGRATIONS.slice(0, 3) });
    await v3.write((tx) => putOperation(tx, sampleRecord(0)));
    v3.close();

    const v4 = await openIdbStore({ indexedDB });
    expect((await v4.read((tx) => getOperation(tx, 'L1.0')))?.state.kind).toBe('queued');
    await v4.write((tx) => claim(tx, 'u1', ['L1.0'], { attemptId: 'a1', kind: 'send', at: 5 }));
    expect((await v4.read((tx) => getOperation(tx, 'L1.0')))?.state.kind).toBe('sending');
    v4.close();

    const older = openIdbStore({ indexedDB, migrations: MIGRATIONS.slice(0, 3) });
    await expect(older).rejects.toBeInstanceOf(StorageFailure);
    await expect(older).rejects.toMatchObject({ message: expect.stringMatching(/version/i) });
  });
});
