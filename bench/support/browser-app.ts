/**
 * The built PWA for the UI figures: `vite build` (production, as shipped) into the figure's own
 * directory, so a running `npm start` keeps its `dist/`; a bench server serves it as STATIC_DIR.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from './server-process';

/**
 * In a child process: its output (the service worker's build logs whatever the log level) stays
 * out of the bench table, and is shown only if the build fails.
 */
export function buildApp(outDir: string): Promise<void> {
  const vite = join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const child = spawn(
    process.execPath,
    [vite, 'build', '--mode', 'production', '--outDir', outDir, '--emptyOutDir'],
    {
      cwd: REPO_ROOT,
      // Without NODE_ENV=production React would be its development build.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // A bench run that ends early (a failed figure) leaves no build behind.
  const kill = () => child.kill('SIGKILL');
  process.on('exit', kill);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-5000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      process.off('exit', kill);
      if (code === 0) resolve();
      else reject(new Error(`vite build exited with ${code}:\n${output}`));
    });
  });
}
