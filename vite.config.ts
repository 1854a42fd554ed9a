import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './scripts/precompress';
import { signInFiles } from './scripts/sign-in-files';
import { LANGUAGES } from './src/app/i18n/language';
import {
  catalogueProblem,
  markAfterSignIn,
  markCatalogues,
  readerProblem,
  signInProblem,
} from './scripts/precache-manifest';

const signIn = signInFiles();

/** The PWA build: the React app (src/app) and its own TypeScript service worker (src/sw). */
export default defineConfig({
  plugins: [
    react(),
    signIn.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // src/app/pwa/update-store.ts registers the worker with workbox-window (update prompt).
      injectRegister: false,
      registerType: 'prompt',
      // The icons are for installing, which is online; precached they cost 9 kB on a first visit.
      includeManifestIcons: false,
      injectManifest: {
        // Every file is listed, so the worker knows its hashed address; those the sign-in screen
        // does not load (the later screens, the barcode reader's wasm of about 1 MB) are marked to
        // be fetched after sign-in, not at install (src/sw/after-sign-in.ts); the catalogues other
        // than English once their language is in use (src/sw/language-files.ts). The marks and
        // the checks: scripts/precache-manifest.ts.
        globPatterns: ['**/*.{js,css,html,svg,webmanifest,wasm}'],
        manifestTransforms: [
          (manifest) => {
            const urls = manifest.map((entry) => entry.url);
            const problem =
              readerProblem(urls) ??
              signInProblem(urls, signIn.files()) ??
              catalogueProblem(urls, LANGUAGES, signIn.catalogues(), signIn.files());
            if (problem) throw new Error(problem);
            const marked = markAfterSignIn(manifest, signIn.files());
            return {
              manifest: markCatalogues(marked, new Set([...signIn.catalogues().values()].flat())),
              warnings: [],
            };
          },
        ],
        // The server's pre-compressed copies (precompress below) are the same files again.
        globIgnores: ['**/*.br', '**/*.gz'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // A classic script: Background Sync and older browsers need no module worker support.
        rollupFormat: 'iife',
      },
      manifest: {
        name: 'Stockroom',
        short_name: 'Stockroom',
        description: 'Adjust and count stock, online or offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#1d4e89',
        background_color: '#f6f7f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
    // Last: .br and .gz beside every compressible file, sw.js included (src/server/http/static.ts).
    precompress(),
  ],
});
