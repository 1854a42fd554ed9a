/**
 * The real server serving the freshly built PWA (global-setup's `distDir`), on a SQLite file so it
 * can be stopped and started again on the same data and port, as a device would find it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { startServer, type RunningServer } from '../../../src/server/start';
import { signIn, type Api } from '../../api/support/api';
import { BASE_ENV } from '../../api/support/server';

export class AppServer {
  private running: RunningServer | null;

  private constructor(
    private env: Record<string, string>,
    running: RunningServer,
    private readonly dir: string,
  ) {
    this.running = running;
  }

  static async start(extraEnv: Record<string, string> = {}): Promise<AppServer> {
    const distDir = inject('distDir');
    if (!distDir) {
      throw new Error('no built app: run the browser suites with tests/e2e/global-setup.ts');
    }
    const dir = await mkdtemp(join(tmpdir(), 'stockroom-e2e-db-'));
    const env = {
      ...BASE_ENV,
      DATABASE_URL: `sqlite:${join(dir, 'stockroom.db')}`,
      STATIC_DIR: distDir,
      EXPORT_FILE: join(dir, 'export.jsonl'),
      ...extraEnv,
    };
    const running = await startServer(env);
    // Later starts reuse the port: the page's origin (and its service worker) stays the same.
    return new AppServer({ ...env, PORT: new URL(running.url).port }, running, dir);
  }

  get url(): string {
    return `http://127.0.0.1:${this.env['PORT'] ?? ''}`;
  }

  /** The server's settings (DATABASE_URL…), for the project's commands run beside it. */
  get environment(): Record<string, string> {
    return { ...this.env };
  }

  get isRunning(): boolean {
    return this.running !== null;
  }

  async stop(): Promise<void> {
    await this.running?.close();
    this.running = null;
  }

  /** Starts again on the same port and data; `changes` stay for later restarts too. */
  async restart(changes: Record<string, string> = {}): Promise<void> {
    await this.stop();
    this.env = { ...this.env, ...changes };
    this.running = await startServer(this.env);
  }

  /** A signed-in API client, for setting the scene and for checking effects on the server. */
  api(username = 'manager'): Promise<Api> {
    return signIn(this.url, username);
  }

  async dispose(): Promise<void> {
    await this.stop();
    await rm(this.dir, { recursive: true, force: true });
  }
}
