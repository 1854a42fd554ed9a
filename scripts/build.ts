/**
 * `npm run build` and the first step of `npm start`: the PWA into `dist`, rebuilt only when its
 * sources changed (`--force` rebuilds anyway). See app-build.ts for how concurrent starts stay safe.
 */
import { buildAppOnce } from './app-build';

const root = process.cwd();
const result = await buildAppOnce({
  root,
  force: process.argv.includes('--force'),
  build: async (outDir) => {
    // Loaded only when a build is needed: an unchanged start skips vite entirely.
    const { build } = await import('vite');
    await build({
      root,
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  },
});
console.log(
  result.built
    ? `Built the app (${result.hash}) into dist`
    : `The app is unchanged since its last build (${result.hash}): dist is ready`,
);
