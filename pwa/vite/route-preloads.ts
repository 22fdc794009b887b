import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The file the build writes beside index.html; the API reads it (api/src/plugins/route-preloads.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** Per route path (lower case): the scripts and stylesheets its page loads beyond index.html's. */
export type RoutePreloads = Record<string, { scripts: string[]; styles: string[] }>;

interface OutputChunk {
  fileName: string;
  isEntry: boolean;
  moduleIds: readonly string[];
  imports: readonly string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Works out each route's files from the finished bundle: the chunks holding the route's lazy
 * modules and every chunk they import, less what the entry already loads (index.html names those).
 */
export function routePreloads(chunks: OutputChunk[], routes: Record<string, string[]>, base: string): RoutePreloads {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: OutputChunk[]) => {
    const reached = new Set<string>();
    const pending = start.map((chunk) => chunk.fileName);
    while (pending.length > 0) {
      const file = pending.shift();
      if (file === undefined || reached.has(file)) continue;
      reached.add(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    return reached;
  };
  const loadedByEntry = closure(chunks.filter((chunk) => chunk.isEntry));
  const result: RoutePreloads = {};
  for (const [path, modules] of Object.entries(routes)) {
    const own = modules.map((id) => {
      const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
      // A renamed or moved page must not leave the route without its preloads unnoticed.
      if (!chunk) throw new Error(`route preloads: no chunk holds ${id} (route ${path}); update pwa/vite.config.ts`);
      return chunk;
    });
    const files = [...closure(own)].filter((file) => byFile.has(file) && !loadedByEntry.has(file));
    const styles = new Set(files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
    result[path.toLowerCase()] = { scripts: files.map((file) => base + file), styles: [...styles].map((file) => base + file) };
  }
  return result;
}

/**
 * Writes route-preloads.json: for the routes listed (path → the page's lazy modules, relative to
 * pwa/), the chunks the page needs. The server names them in the HTML it sends for that path
 * (`<link rel="modulepreload">`), so the browser fetches them beside the start-up chunk instead of
 * finding them only once that chunk has run and React has rendered the route. Why: on a phone's
 * connection each of those requests costs a round trip, and the chain (HTML, start-up chunk, its
 * run, the page's chunks, the page's request, its render) was most of the courses list's LCP.
 */
export function routePreloadsFile(routes: Record<string, string[]>): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'rollbook-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      // After Vite's CSS plugin has taken the chunks that only held CSS out of the bundle.
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output as unknown as OutputChunk] : []));
        const absolute = Object.fromEntries(Object.entries(routes).map(([path, modules]) => [path, modules.map((module) => resolve(root, module))]));
        const source = `${JSON.stringify(routePreloads(chunks, absolute, base), null, 2)}\n`;
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source });
      },
    },
  };
}
