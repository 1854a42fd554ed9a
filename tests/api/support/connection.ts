/**
 * One raw TCP connection to the server under test, for what a slow or idle client does: write
 * when the test says, read every byte the server sends, and know when the server closed it.
 */
import net from 'node:net';
import { parseRaw, type RawReply } from './http';

export class Connection {
  private readonly socket: net.Socket;
  private data = Buffer.alloc(0);
  private waiters: (() => void)[] = [];
  /** Resolves when the connection is closed (by either side). */
  readonly closed: Promise<void>;
  isClosed = false;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    void this.closed.then(() => {
      this.isClosed = true;
      this.wake();
    });
    socket.on('data', (chunk: Buffer) => {
      this.data = Buffer.concat([this.data, chunk]);
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  /** `localAddress`: a loopback source address of its own (127.0.0.2, …), a client of its own. */
  static open(base: string, localAddress?: string): Promise<Connection> {
    const url = new URL(base);
    return new Promise((resolve, reject) => {
      const socket = net.connect({
        port: Number(url.port),
        host: url.hostname,
        ...(localAddress === undefined ? {} : { localAddress }),
      });
      socket.once('connect', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }

  write(data: string | Buffer): void {
    if (!this.isClosed) this.socket.write(data);
  }

  /** The first complete response, or what arrived when the server closed (status 0: nothing). */
  async reply(): Promise<RawReply> {
    for (;;) {
      const { reply, complete } = parseRaw(this.data);
      if (complete || this.isClosed) return reply;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /**
   * The next complete response (one with Content-Length), removed from what was read, so a
   * pipelined answer after it stays for the next call; status 0 if the connection closed first.
   */
  async next(): Promise<RawReply> {
    const reply = await this.reply();
    const headEnd = this.data.indexOf('\r\n\r\n');
    const length = Number(reply.headers['content-length'] ?? 0);
    this.data = headEnd < 0 ? Buffer.alloc(0) : this.data.subarray(headEnd + 4 + length);
    return { ...reply, body: reply.body.slice(0, length) };
  }

  /** Whether `text` arrives before the connection closes (e.g. an interim `100 Continue`). */
  async seen(text: string): Promise<boolean> {
    for (;;) {
      if (this.data.includes(text)) return true;
      if (this.isClosed) return false;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Drops what has been read so far (the next `reply()` reads the next response). */
  consume(): void {
    this.data = Buffer.alloc(0);
  }

  destroy(): void {
    this.socket.destroy();
  }
}
