import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text files worth compressing; images and fonts are compressed already.
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
const MIN_BYTES = 1024;
// Rewritten in place on a running server (the update check reads it): a stale copy must never win.
const LIVE_FILES = /[\\/]version\.json$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, which the API serves to
 * browsers that accept them (@fastify/static `preCompressed`). Why: the phone otherwise downloads
 * the app's JavaScript uncompressed, about three times the bytes (the first visit's JavaScript
 * budget and Lighthouse performance). Compressed once at build time, at the highest levels, never per request.
 * Runs after the service worker is generated, so its precache list keeps only the plain files.
 */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'rollbook-precompress-assets',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        for await (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.test(file) || LIVE_FILES.test(file) || (await stat(file)).size < MIN_BYTES) continue;
          const content = await readFile(file);
          await writeFile(`${file}.br`, await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
          await writeFile(`${file}.gz`, await gzipAsync(content, { level: 9 }));
        }
      },
    },
  };
}
