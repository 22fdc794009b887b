import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

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

/** Written by the PWA build (pwa/vite/route-preloads.ts): per page path, the files its page loads. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';
/** Only a built asset's address goes into the HTML, whatever the file holds. */
const ASSET_PATH = /^\/assets\/[\w.-]+\.(js|css)$/;

interface RoutePreload {
  scripts: string[];
  styles: string[];
}

async function routePreload(root: string, path: string): Promise<RoutePreload | null> {
  let routes: Record<string, Partial<RoutePreload> | undefined>;
  try {
    routes = JSON.parse(await readFile(join(root, ROUTE_PRELOADS_FILE), 'utf8')) as typeof routes;
  } catch {
    // An older build without the file (or a damaged one): the page still opens, only later.
    return null;
  }
  // Paths are matched case-insensitively, as the app's router does; a trailing slash is the same page.
  const entry = routes[path.toLowerCase().replace(/(.)\/+$/, '$1')];
  if (!entry || typeof entry !== 'object') return null;
  const assets = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string' && ASSET_PATH.test(item)) : []);
  return { scripts: assets(entry.scripts), styles: assets(entry.styles) };
}

/**
 * The app's HTML for a page path. For a page the build lists in route-preloads.json, the HTML
 * names that page's chunks (`modulepreload`) and stylesheets (`preload`), so the browser fetches
 * them with the start-up chunk instead of after it has run. Both files are read on every request:
 * a new build dropped under the running server is served at once, and nothing stale is kept.
 */
export async function sendSpaIndex(reply: FastifyReply, root: string, path: string) {
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  const preload = await routePreload(root, path);
  if (!preload) return reply.sendFile('index.html');
  const html = await readFile(join(root, 'index.html'), 'utf8');
  const links = [
    ...preload.scripts.map((href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`),
    ...preload.styles.map((href) => `<link rel="preload" as="style" fetchpriority="low" crossorigin href="${href}">`),
  ];
  return reply.send(html.replace('</head>', `${links.join('\n')}\n</head>`));
}
