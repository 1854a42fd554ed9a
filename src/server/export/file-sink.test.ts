import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processLockDeps } from './file-lock';
import { openFileSink } from './file-sink';
import { ledgerEffectIds } from './ledger';

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
