import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { basename } from 'node:path';

// Files that name the current build must always be revalidated, or a phone would keep an old app
// forever; everything under assets/ has a content hash in its name and never changes.
const NEVER_CACHE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest', 'version.json']);

/** The served file's own name: with preCompressed, filePath may be its .br or .gz copy. */
const servedName = (filePath: string) => basename(filePath).replace(/\.(br|gz)$/, '');

function cacheControlFor(filePath: string): string {
  const name = servedName(filePath);
  if (NEVER_CACHE.has(name)) return 'no-cache';
  if (filePath.includes('/assets/') || /^workbox-[0-9a-f]{8}\.js$/.test(name)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** Serves the built PWA from the API's origin, with index.html for any other non-API path (SPA routes). */
export const staticPwaPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  await app.register(fastifyStatic, {
    root: opts.root,
    // Files are looked up per request, so a new build dropped under the running server is served at once.
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    // The PWA build writes .br/.gz beside each text file (pwa/vite/precompress-assets.ts): send
    // those to browsers that accept them, so phones download a third of the bytes.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
      if (servedName(filePath) === 'sw.js') reply.header('service-worker-allowed', '/');
    },
  });
});

export function sendSpaIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
