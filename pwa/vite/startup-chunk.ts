import type { Plugin } from 'vite';

/**
 * Puts every module the entry loads before React mounts into ONE chunk (issue 8: initial
 * JavaScript of the teacher's week ≤ 250 KB gz).
 *
 * Why: left to itself, the bundler gave each module that the entry shares with a lazy page its own
 * small chunk (react, react-dom, @ionic/react, a dozen of Ionic's p-* helpers…), about thirty files
 * that every first visit downloads anyway. Each file is compressed on its own, so the Stencil/Ionic
 * code they repeat is paid for again in each, and each is one more request.
 *
 * "Loaded by the entry" = reachable from it through static imports, read from the module graph once
 * it is complete. One kind of edge is not followed: @ionic/react's index imports every Ionic
 * component, but ionicComponentsPerChunk rebuilds each wrapper in the pages that use it and the
 * unused ones are tree-shaken; following those edges would put the admin forms' date picker,
 * selects and inputs into the first chunk. Components the entry does use are still reached through
 * the app's own (rewritten) imports. @ionic/react's own routing components do use their elements,
 * so those edges are followed. If the first chunk and another end up importing each other (an
 * element it needs was left out), the build fails, rather than ship chunks that run out of order.
 */

const IONIC_COMPONENT = /[\\/]@ionic[\\/]core[\\/]components[\\/](ion-[^\\/]+)\.js$/;
const IONIC_REACT_ENTRY = /[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/;
/** Elements @ionic/react's own components (IonApp, IonIcon, IonRouterOutlet, IonTabs…) render. */
const USED_BY_IONIC_REACT = new Set(['ion-app', 'ion-icon', 'ion-router-outlet', 'ion-back-button', 'ion-nav', 'ion-tabs', 'ion-tab', 'ion-tab-bar', 'ion-tab-button']);
const CHUNK_NAME = 'startup';

export interface ModuleGraph {
  entries: string[];
  importedIds(id: string): readonly string[];
}

function followed(importer: string, imported: string): boolean {
  if (!IONIC_REACT_ENTRY.test(importer)) return true;
  const element = IONIC_COMPONENT.exec(imported)?.[1];
  return element === undefined || USED_BY_IONIC_REACT.has(element);
}

/** Modules reachable from the entries through static imports, but for @ionic/react's component imports. */
export function startupModules(graph: ModuleGraph): Set<string> {
  const reached = new Set<string>();
  const pending = [...graph.entries];
  while (pending.length > 0) {
    const id = pending.pop();
    if (id === undefined || reached.has(id)) continue;
    reached.add(id);
    for (const imported of graph.importedIds(id)) {
      if (followed(id, imported)) pending.push(imported);
    }
  }
  return reached;
}

export function startupChunk(): Plugin {
  let startup = new Set<string>();
  return {
    name: 'rollbook-startup-chunk',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry === true);
      startup = startupModules({ entries, importedIds: (id) => this.getModuleInfo(id)?.importedIds ?? [] });
      if (entries.length === 0) throw new Error(`${CHUNK_NAME} chunk: no entry module`);
    },
    outputOptions(options) {
      const existing = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
      // Exactly that set, not its dependencies as well: the graph read before tree-shaking still
      // holds @ionic/react's import of every component.
      const group = { name: CHUNK_NAME, test: (id: string) => startup.has(id), includeDependenciesRecursively: false };
      return { ...options, codeSplitting: { ...existing, groups: [...(existing.groups ?? []), group] } };
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
      const first = new Set([...chunks.values()].filter((chunk) => chunk.name === CHUNK_NAME || chunk.isEntry).map((chunk) => chunk.fileName));
      // A chunk the first one imports must not import it back: the two would run in the wrong order.
      const importsFirst = (file: string, seen = new Set<string>()): boolean =>
        (chunks.get(file)?.imports ?? []).some((next) => first.has(next) || (!seen.has(next) && seen.add(next) && importsFirst(next, seen)));
      for (const file of first) {
        const circular = (chunks.get(file)?.imports ?? []).filter((next) => !first.has(next) && importsFirst(next));
        if (circular.length > 0) throw new Error(`${CHUNK_NAME} chunk ${file} and ${circular.join(', ')} import each other: add what it needs to vite/startup-chunk.ts`);
      }
    },
  };
}
