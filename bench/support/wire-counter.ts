/**
 * A loopback TCP relay in front of a bench server that counts the bytes the server sends to the
 * browser: what a phone downloads, exactly (status lines, headers, encoded bodies), whoever asked
 * (the page or its service worker) and whether or not the browser reports it per request.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface WireCounter {
  /** The relay's base URL: the browser opens this instead of the server. */
  url: string;
  /** Bytes from the server to the browser so far. */
  received(): number;
  close(): Promise<void>;
}

export async function wireCounter(target: string): Promise<WireCounter> {
  const { hostname, port } = new URL(target);
  let received = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('relay has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    received: () => received,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
