/**
 * More than one accepted connection per event-loop turn.
 *
 * libuv accepts one connection per listening handle per loop turn (since libuv 1.45, in Node 20:
 * libuv PR #3696, "don't accept() connections in a loop"). A turn of this server during a backlog
 * storm is long (every readable socket's request is read, and a commit's fsync runs on the loop),
 * so a storm's connects waited in the kernel's accept queue at ~100 accepts per second: strace
 * showed one `accept4` per `epoll_wait`, `ss` showed 500 connections queued for seconds, invisible
 * to admission (no prompt 503 possible), and a person's new connection waited behind all of them.
 *
 * Each extra handle on the same listening socket accepts one more per turn. Node has no `dup()`
 * and Node 20 no `reusePort`, so the extra descriptors are made by the kernel's own descriptor
 * passing: the listening handle goes to a short-lived child process over IPC and comes back
 * `count` times, each time as a new descriptor of the same socket. Connections they accept go to
 * the HTTP server's own `connection` listeners (the connection cap included). If the round trip
 * fails the server keeps its one handle: slower under a storm, never wrong.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';

/**
 * Echoes the handle it is sent `count` times (no module loader, no options). It stays until the
 * server has them all and closes the channel: handles travel one at a time, each acknowledged.
 */
const ECHO = `process.once('message', (m, h) => {
  for (let i = 0; i < m.count; i++) process.send({ i }, h);
  process.once('disconnect', () => h.close(() => process.exit(0)));
});`;

/** How long the round trip may take before the server goes on with its one handle. */
const ROUND_TRIP_TIMEOUT_MS = 10_000;

export interface AcceptHandles {
  /** Extra handles listening (0 when the round trip failed or was not needed). */
  readonly count: number;
  close(): Promise<void>;
}

type Listening = Server & { _handle?: unknown };

/** Adds `count` handles that accept for `server` (already listening, with `backlog`). */
export async function addAcceptHandles(
  server: Listening,
  count: number,
  backlog: number,
): Promise<AcceptHandles> {
  const extras: Server[] = [];
  const handle = server._handle;
  if (count > 0 && handle) {
    for (const raw of await echoed(handle, count)) {
      const extra = createServer();
      // The same socket: listen() again only sets its backlog, which stays the server's.
      extra.listen(raw as Parameters<Server['listen']>[0], backlog);
      extra.on('connection', (socket) => server.emit('connection', socket));
      extras.push(extra);
    }
  }
  return {
    count: extras.length,
    close: () =>
      Promise.all(
        extras.map((extra) => new Promise<void>((resolve) => extra.close(() => resolve()))),
      ).then(() => undefined),
  };
}

/** The listening handle, sent to a child and back `count` times; [] if anything fails. */
function echoed(handle: unknown, count: number): Promise<unknown[]> {
  return new Promise((resolve) => {
    const got: unknown[] = [];
    let child: ReturnType<typeof spawn>;
    try {
      // A clean environment: no NODE_OPTIONS (loaders, profilers) for a five-line echo.
      child = spawn(process.execPath, ['-e', ECHO], {
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        env: {},
      });
    } catch {
      resolve([]);
      return;
    }
    // Only once the child is gone: while it lives it holds the socket too, and a server that
    // closes must stop listening.
    const timer = setTimeout(() => child.kill(), ROUND_TRIP_TIMEOUT_MS);
    child.on('message', (_message: unknown, raw: unknown) => {
      if (raw) got.push(raw);
      if (got.length === count) child.disconnect();
    });
    child.once('error', () => child.kill());
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(got);
    });
    child.send({ count }, handle as Parameters<typeof child.send>[1]);
  });
}
