import { appendFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processLockDeps } from './file-lock';
import { openFileSink } from './file-sink';
import { ledgerEffectIds, rotatedLedgerFiles } from './ledger';

const effect = (id: string) => ({
  effectId: id,
  payload: JSON.stringify({ effectId: id, delta: 1 }),
});

describe('file sink (JSON-lines ledger)', () => {
  let dir = '';
  let path = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stockroom-ledger-'));
    path = join(dir, 'nested', 'export.jsonl');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('appends each effect once, whatever is delivered again, one JSON object per line', async () => {
    const sink = await openFileSink(path);
    await sink.deliver([effect('L.1'), effect('L.2'), effect('L.1')]);
    await sink.deliver([effect('L.2'), effect('L.3')]);
    await sink.deliver([]);
    expect(await ledgerEffectIds(path)).toEqual(['L.1', 'L.2', 'L.3']);
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
    expect(JSON.parse(lines[0] ?? '')).toEqual({ effectId: 'L.1', delta: 1 });
    expect(sink.has('L.3')).toBe(true);
  });

  it('remembers the ledger across a restart (a new sink reads the ids on open)', async () => {
    await (await openFileSink(path)).deliver([effect('L.1'), effect('L.2')]);
    const restarted = await openFileSink(path);
    expect(restarted.has('L.2')).toBe(true);
    await restarted.deliver([effect('L.2'), effect('L.3')]);
    expect(await ledgerEffectIds(path)).toEqual(['L.1', 'L.2', 'L.3']);
  });

  it('cuts a torn last line left by a writer that died mid-append, then delivers it whole', async () => {
    await (await openFileSink(path)).deliver([effect('L.1')]);
    const torn = JSON.stringify({ effectId: 'L.2', delta: 1 }).slice(0, 11);
    await appendFile(path, torn);
    const restarted = await openFileSink(path);
    expect(restarted.has('L.2')).toBe(false);
    expect(await readFile(path, 'utf8')).toBe('{"effectId":"L.1","delta":1}\n');
    await restarted.deliver([effect('L.1'), effect('L.2')]);
    expect(await ledgerEffectIds(path)).toEqual(['L.1', 'L.2']);
    expect((await readFile(path, 'utf8')).endsWith('\n')).toBe(true);
  });

  it('keeps two writers on one file (two processes) from appending the same id', async () => {
    const a = await openFileSink(path);
    const b = await openFileSink(path);
    const ids = Array.from({ length: 60 }, (_, i) => `L.${i}`);
    await Promise.all([
      ...ids.map((id) => a.deliver([effect(id)])),
      ...[...ids].reverse().map((id) => b.deliver([effect(id)])),
    ]);
    const written = await ledgerEffectIds(path);
    expect(written).toHaveLength(60);
    expect(new Set(written)).toEqual(new Set(ids));
  });

  describe('rotation by size (EXPORT_FILE_MAX_SIZE)', () => {
    // Each line is 29 bytes ({"effectId":"L.n","delta":1}\n for one-digit n): three fit in 100.
    const MAX = 100;
    const ids = Array.from({ length: 9 }, (_, i) => `L.${i + 1}`);
    const sizes = async () =>
      Promise.all(
        [...(await rotatedLedgerFiles(path)).map((f) => f.path), path].map(
          async (file) => (await stat(file)).size,
        ),
      );

    it('moves the file to <file>.1, .2, … before it grows past the limit; every id once, in order', async () => {
      const sink = await openFileSink(path, processLockDeps, MAX);
      for (const id of ids) await sink.deliver([effect(id)]);
      expect((await rotatedLedgerFiles(path)).map((f) => f.n)).toEqual([1, 2]);
      expect(await sizes()).toEqual([87, 87, 87]);
      expect(await ledgerEffectIds(path)).toEqual(ids);
      // The new file holds payloads too: its owner's alone, like the first.
      expect((await stat(path)).mode & 0o777).toBe(0o600);
    });

    it('an id in a rotated file, delivered again after a restart, is not written again', async () => {
      const before = await openFileSink(path, processLockDeps, MAX);
      for (const id of ids) await before.deliver([effect(id)]);
      const restarted = await openFileSink(path, processLockDeps, MAX);
      expect(restarted.has('L.1')).toBe(true);
      await restarted.deliver([effect('L.1'), effect('L.5'), effect('L.10')]);
      expect(await ledgerEffectIds(path)).toEqual([...ids, 'L.10']);
    });

    it('a crash between writing and recording, then a rotation: the redelivery writes nothing', async () => {
      // Written, but the process died before the worker recorded it: the row is still pending.
      await (await openFileSink(path, processLockDeps, MAX)).deliver([effect('L.1')]);
      // The restarted process delivers newer rows; the file rotates past L.1.
      const restarted = await openFileSink(path, processLockDeps, MAX);
      for (const id of ids.slice(1)) await restarted.deliver([effect(id)]);
      expect((await rotatedLedgerFiles(path)).length).toBeGreaterThan(0);
      // The pending row's claim lapses and it is delivered again, by this process or a third.
      await restarted.deliver([effect('L.1')]);
      await (await openFileSink(path, processLockDeps, MAX)).deliver([effect('L.1')]);
      expect(await ledgerEffectIds(path)).toEqual(ids);
    });

    it('another process rotated the file: what it wrote before is still known', async () => {
      const a = await openFileSink(path, processLockDeps, MAX);
      const b = await openFileSink(path, processLockDeps, MAX);
      await a.deliver([effect('L.1'), effect('L.2')]);
      // b rotates (L.1 and L.2 move to <file>.1); a has not looked since.
      await b.deliver([effect('L.3'), effect('L.4')]);
      await a.deliver([effect('L.2'), effect('L.5')]);
      await b.deliver([effect('L.1'), effect('L.5')]);
      expect(await ledgerEffectIds(path)).toEqual(['L.1', 'L.2', 'L.3', 'L.4', 'L.5']);
    });
  });

  it('wraps a payload that is not a JSON object, keeping the effect id', async () => {
    const sink = await openFileSink(path);
    await sink.deliver([{ effectId: 'L.9', payload: 'not json' }]);
    expect(JSON.parse((await readFile(path, 'utf8')).trim())).toEqual({
      effectId: 'L.9',
      payload: 'not json',
    });
  });

  it('takes over the lock of a holder that was killed, and waits for a live one', async () => {
    const sink = await openFileSink(path);
    await writeFile(`${path}.lock`, '999999\n');
    let naps = 0;
    const deps = {
      pid: 4242,
      isAlive: (pid: number) => pid !== 999999,
      sleep: async () => {
        naps++;
      },
    };
    const viaDeadHolder = await openFileSink(path, deps);
    await viaDeadHolder.deliver([effect('L.1')]);
    expect(naps).toBe(0);

    await writeFile(`${path}.lock`, `${process.pid}\n`);
    const waiting = openFileSink(path, {
      ...deps,
      sleep: async () => {
        naps++;
        if (naps === 3) await rm(`${path}.lock`);
      },
    });
    await (await waiting).deliver([effect('L.2')]);
    expect(naps).toBe(3);
    await sink.deliver([effect('L.1'), effect('L.2')]);
    expect(await ledgerEffectIds(path)).toEqual(['L.1', 'L.2']);
  });

  it('tells a live process from a gone one', () => {
    expect(processLockDeps.isAlive(process.pid)).toBe(true);
    expect(processLockDeps.isAlive(2 ** 22 + 12345)).toBe(false);
  });
});
