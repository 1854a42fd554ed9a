import { execFileSync } from 'node:child_process';
import { connect, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addAcceptHandles, type AcceptHandles } from './accept-handles';

/** Connects `n` sockets to the port in argv and exits once all are established. */
const CONNECT = `const net = require('node:net');
let open = 0;
for (let i = 0; i < Number(process.argv[2]); i++)
  net.connect(Number(process.argv[1]), '127.0.0.1', () => { if (++open === Number(process.argv[2])) process.exit(0); });`;

let server: Server | null = null;
let handles: AcceptHandles | null = null;

afterEach(async () => {
  await handles?.close();
  await new Promise((resolve) => server?.close(resolve));
  server = handles = null;
});

async function listening(): Promise<{ server: Server; port: number }> {
  const s = createServer();
  await new Promise<void>((resolve) =>
    s.listen({ port: 0, host: '127.0.0.1', backlog: 511 }, resolve),
  );
  server = s;
  return { server: s, port: (s.address() as { port: number }).port };
}

/** How many connections the server accepted in each event-loop turn until it had `total`. */
async function acceptedPerTurn(s: Server, port: number, total: number): Promise<number[]> {
  const perTurn: number[] = [];
  let turn = 0;
  let accepted = 0;
  s.on('connection', (socket) => {
    socket.destroy();
    perTurn[turn] = (perTurn[turn] ?? 0) + 1;
    accepted++;
  });
  // Synchronous: this loop stands still while another process opens every connection, so all of
  // them wait in the kernel's accept queue when the loop turns again.
  execFileSync(process.execPath, ['-e', CONNECT, String(port), String(total)]);
  await new Promise<void>((resolve) => {
    const next = () => {
      if (accepted >= total) return resolve();
      turn++;
      setImmediate(next);
    };
    setImmediate(next);
  });
  return Array.from(perTurn, (n) => n ?? 0);
}

describe('addAcceptHandles', () => {
  it('accepts one waiting connection per handle in each event-loop turn', async () => {
    const { server: s, port } = await listening();
    handles = await addAcceptHandles(s, 7, 511);
    expect(handles.count).toBe(7);
    const perTurn = await acceptedPerTurn(s, port, 40);
    // libuv alone takes one per turn (40 turns); with 8 handles a turn takes 8.
    expect(Math.max(...perTurn)).toBe(8);
    expect(perTurn.reduce((a, b) => a + b, 0)).toBe(40);
  });

  it('stops accepting on every handle once closed', async () => {
    const { server: s, port } = await listening();
    handles = await addAcceptHandles(s, 3, 511);
    await handles.close();
    await new Promise((resolve) => s.close(resolve));
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve('connected'));
      socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
