/**
 * What a burst of correct sign-ins costs everyone else (issue 24, section 2). scrypt at the
 * production cost (N = 2^17, 128 MiB) runs on libuv's thread pool, which the file system uses too:
 * while one account signs in as fast as the limits allow, how long do a static file and another
 * person's sign-in take?
 *
 *   node --import tsx bench/sign-in-burst.ts
 *
 * One server process (production's password cost, the default thread pool of 4), a static file of
 * 200 kB. Phases: idle; one account sending 30 correct sign-ins at once from an address it never
 * signed in from (5 are checked at once: the pair limit), then from one it did (30: the successes
 * limit). During each burst a second client fetches the static file and a third person signs in, one after another,
 * until the burst is answered. Prints milliseconds (median and max) per phase.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchEnv, spawnServer } from './support/server-process';

function call(
  url: string,
  method: string,
  path: string,
  localAddress: string,
  body?: unknown,
): Promise<number> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method,
        localAddress,
        agent: false,
        headers: text === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

async function timed(f: () => Promise<number>): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const status = await f();
  return { ms: performance.now() - start, status };
}

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN;
  return `median ${median.toFixed(0)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(0)} ms (n=${ms.length})`;
};

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'stockroom-sign-in-burst-'));
  const staticDir = join(dir, 'static');
  await mkdir(join(staticDir, 'assets'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(join(staticDir, 'assets', 'app.js'), randomBytes(200_000).toString('base64'));
  const server = await spawnServer({
    env: {
      ...benchEnv(dir),
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      STATIC_DIR: staticDir,
      PASSWORD_COST: '17',
    },
  });
  let otherAddress = 0;
  const staticFile = () => timed(() => call(server.url, 'GET', '/assets/app.js', '127.0.0.50'));
  // Another person, from addresses of their own (their 30 successes per address are not the point).
  const otherSignIn = () =>
    timed(() =>
      call(server.url, 'POST', '/api/session', `127.0.1.${(otherAddress += 1) % 250}`, {
        username: 'demo',
        password: 'demo',
      }),
    );
  try {
    // Warm-up: the first sign-in pays for loading code and the first scrypt allocation.
    await otherSignIn();
    await staticFile();
    const idleStatic: number[] = [];
    for (let i = 0; i < 30; i++) idleStatic.push((await staticFile()).ms);
    const idleSignIn: number[] = [];
    for (let i = 0; i < 8; i++) idleSignIn.push((await otherSignIn()).ms);
    console.log(`idle: static file ${summary(idleStatic)}`);
    console.log(`idle: another person's sign-in ${summary(idleSignIn)}`);

    // A stranger's address lets 5 attempts of one account be checked at once (the pair limit);
    // an address the account signed in from lately lets 30 (the successes limit).
    for (const [label, address] of [
      ['an address it never signed in from', '127.0.2.1'],
      ['an address it signed in from lately', '127.0.2.2'],
    ] as const) {
      const asManager = () =>
        call(server.url, 'POST', '/api/session', address, {
          username: 'manager',
          password: 'manager',
        });
      if (address === '127.0.2.2') await asManager();
      const attempts = Array.from({ length: 30 }, () => timed(asManager));
      let done = false;
      const burst = Promise.all(attempts).finally(() => (done = true));
      const started = performance.now();
      const statics: number[] = [];
      const signIns: number[] = [];
      await Promise.all([
        (async () => {
          while (!done) statics.push((await staticFile()).ms);
        })(),
        (async () => {
          while (!done) signIns.push((await otherSignIn()).ms);
        })(),
        burst,
      ]);
      const replies = await burst;
      const ok = replies.filter((r) => r.status === 200).length;
      console.log(
        `30 correct sign-ins of one account at once from ${label}: ${ok} checked (200), ` +
          `the rest 429; answered in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      console.log(`  static file meanwhile: ${summary(statics)}`);
      console.log(`  another person's sign-in meanwhile: ${summary(signIns)}`);
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
