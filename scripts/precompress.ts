/**
 * Pre-compression at build time: every compressible file of a build gets a `.br` (brotli, best
 * quality) and a `.gz` (gzip -9) sibling, which the server sends as they are (@fastify/static's
 * `preCompressed`, src/server/http/static.ts). Done once per build, so no request pays for it and
 * brotli can use its slowest, smallest setting.
 *
 * As a Vite plugin it runs after everything else has written the build, the service worker
 * included (vite-plugin-pwa writes `sw.js` in its own closeBundle), so every build — `npm start`'s
 * scripts/build.ts, the e2e global setup, the bench — has the siblings.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like formats compress well; images (png) and fonts (woff2) are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|wasm|txt|xml|map|ico)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path)));
    else if (entry.isFile()) found.push(path);
  }
  return found;
}

/** Writes `.br` and `.gz` beside every compressible file in `dir`; returns the files compressed. */
export async function precompressDir(dir: string): Promise<string[]> {
  const done: string[] = [];
  for (const file of await filesUnder(dir)) {
    // Small files too: the build may split a few shared lines into a chunk of their own that the
    // first screen loads, and a sibling is written only where it is smaller anyway.
    if (!COMPRESSIBLE.test(file)) continue;
    const bytes = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
      gzipAsync(bytes, { level: 9 }),
    ]);
    // A sibling that is not smaller would only cost the client (the server would still prefer it).
    if (br.length < bytes.length) await writeFile(`${file}.br`, br);
    if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
    done.push(file);
  }
  return done;
}

export function precompress(): Plugin {
  let config: ResolvedConfig | null = null;
  return {
    name: 'stockroom:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After vite-plugin-pwa's closeBundle has written sw.js.
      order: 'post',
      sequential: true,
      async handler() {
        if (!config || config.build.ssr) return;
        await precompressDir(resolve(config.root, config.build.outDir));
      },
    },
  };
}
