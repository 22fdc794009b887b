import type { Plugin, Rollup } from 'vite';

/**
 * Three chunks for what a first visit needs (the teacher's week downloads at most
 * 250 KB gz of JavaScript before it shows), instead of ~60 small ones:
 * - `startup`: every module the entry loads before React mounts (react, react-dom, @ionic/react,
 *   the router, Ionic's p-* helpers…), which every page needs.
 * - `week`: what the teacher's week adds (the page, the offline engine and Dexie, its Ionic
 *   elements), minus anything a page without the offline engine (the admin's desktop pages) also
 *   uses, so those pages do not pull it in (app.tsx mounts the offline session, the other way
 *   in, for teachers and students only).
 * - `week-shared`: those modules the week shares with desktop pages (the page frame, segments,
 *   cards, the classes and courses schemas). A desktop page that uses one of them loads them all
 *   (a few KB it may not need), the price of one request instead of a dozen.
 *
 * Why: left to itself, the bundler gave each module shared by two lazy pages its own chunk. Each
 * file is compressed on its own, so the Stencil/Ionic code they repeat is paid for in each, and
 * each is one more request in a chain of lazy loads.
 *
 * The sets are read from the module graph once it is complete: modules reachable through static
 * imports. One kind of edge is not followed: @ionic/react's index imports every Ionic component,
 * but ionicComponentsPerChunk rebuilds each wrapper in the pages that use it and the unused ones
 * are tree-shaken; following those edges would put the admin forms' date picker, selects and
 * inputs into the first chunk. Components a page does use are reached through the app's own
 * (rewritten) imports; @ionic/react's own components (IonApp, IonIcon, IonRouterOutlet…) use their
 * elements, so those edges are followed. If a group's chunk and another end up importing each
 * other (something it needs was left out), the build fails rather than ship chunks that run out
 * of order.
 */

const IONIC_COMPONENT = /[\\/]@ionic[\\/]core[\\/]components[\\/](ion-[^\\/]+)\.js$/;
const IONIC_REACT_ENTRY = /[\\/]@ionic[\\/]react[\\/]dist[\\/]index\.js$/;
/** Elements @ionic/react's own components render. */
const USED_BY_IONIC_REACT = new Set(['ion-app', 'ion-icon', 'ion-router-outlet', 'ion-back-button', 'ion-nav', 'ion-tabs', 'ion-tab', 'ion-tab-bar', 'ion-tab-button']);
/** Where the teacher's week starts: the page, and the offline session the app mounts beside it. */
const WEEK_ROOTS = [
  /[\\/]src[\\/]features[\\/]mobile-attendance[\\/]components[\\/]teacher-classes-page\.tsx$/,
  /[\\/]src[\\/]offline[\\/]session[\\/]offline-session\.tsx$/,
  /[\\/]src[\\/]offline[\\/]sync-session\.ts$/,
];
/** A page that never reaches the phone's database is a desktop page. */
export const OFFLINE_DATABASE = /[\\/]src[\\/]offline[\\/]db\.ts$/;

export interface ModuleGraph {
  ids: readonly string[];
  isEntry(id: string): boolean;
  importedIds(id: string): readonly string[];
  dynamicallyImportedIds(id: string): readonly string[];
}

function followed(importer: string, imported: string): boolean {
  if (!IONIC_REACT_ENTRY.test(importer)) return true;
  const element = IONIC_COMPONENT.exec(imported)?.[1];
  return element === undefined || USED_BY_IONIC_REACT.has(element);
}

/** Modules reachable from `roots` through static imports, but for @ionic/react's component imports. */
export function staticallyReached(graph: Pick<ModuleGraph, 'importedIds'>, roots: Iterable<string>): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
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

export interface FirstLoadGroups {
  startup: Set<string>;
  week: Set<string>;
  weekShared: Set<string>;
}

/** `leaveOut`: modules that only load on demand, left to the bundler's own chunks. */
export function firstLoadGroups(graph: ModuleGraph, leaveOut: readonly RegExp[] = []): FirstLoadGroups {
  const entries = graph.ids.filter((id) => graph.isEntry(id));
  if (entries.length === 0) throw new Error('first-load chunks: no entry module');
  const startup = staticallyReached(graph, entries);
  const roots = graph.ids.filter((id) => WEEK_ROOTS.some((root) => root.test(id)));
  if (roots.length !== WEEK_ROOTS.length) throw new Error(`first-load chunks: found ${roots.length} of the ${WEEK_ROOTS.length} week roots; update vite/first-load-chunks.ts`);
  const week = new Set([...staticallyReached(graph, roots)].filter((id) => !startup.has(id)));
  const weekShared = new Set<string>();
  const lazyTargets = new Set(graph.ids.flatMap((id) => graph.dynamicallyImportedIds(id)));
  for (const target of lazyTargets) {
    const reached = staticallyReached(graph, [target]);
    if ([...reached].some((id) => OFFLINE_DATABASE.test(id))) continue;
    for (const id of reached) {
      if (week.delete(id)) weekShared.add(id);
    }
  }
  const kept = (set: Set<string>) => new Set([...set].filter((id) => !leaveOut.some((pattern) => pattern.test(id))));
  return { startup: kept(startup), week: kept(week), weekShared: kept(weekShared) };
}

/** The build's module graph as these plugins read it, from a plugin's context at buildEnd. */
export function moduleGraphOf(context: Rollup.PluginContext): ModuleGraph {
  const info = (id: string) => context.getModuleInfo(id);
  return {
    ids: [...context.getModuleIds()],
    isEntry: (id) => info(id)?.isEntry === true,
    importedIds: (id) => info(id)?.importedIds ?? [],
    dynamicallyImportedIds: (id) => info(id)?.dynamicallyImportedIds ?? [],
  };
}

/**
 * The output options with chunk groups added, each exactly its set of modules, not their
 * dependencies as well: the graph read before tree-shaking still holds @ionic/react's import of
 * every component.
 */
export function withChunkGroups<T extends Rollup.OutputOptions>(options: T, groups: Record<string, () => Set<string>>): T {
  const existing = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
  const ours = Object.entries(groups).map(([name, modules]) => ({ name, test: (id: string) => modules().has(id), includeDependenciesRecursively: false }));
  return { ...options, codeSplitting: { ...existing, groups: [...(existing.groups ?? []), ...ours] } };
}

export function firstLoadChunks({ leaveOut = [] }: { leaveOut?: readonly RegExp[] } = {}): Plugin {
  let groups: FirstLoadGroups = { startup: new Set(), week: new Set(), weekShared: new Set() };
  return {
    name: 'rollbook-first-load-chunks',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      groups = firstLoadGroups(moduleGraphOf(this), leaveOut);
    },
    outputOptions(options) {
      return withChunkGroups(options, { startup: () => groups.startup, week: () => groups.week, 'week-shared': () => groups.weekShared });
    },
    generateBundle(_options, bundle) {
      const chunks = new Map(Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output] as const] : [])));
      for (const name of ['startup', 'week', 'week-shared']) {
        const own = new Set([...chunks.values()].filter((chunk) => chunk.name === name || (name === 'startup' && chunk.isEntry)).map((chunk) => chunk.fileName));
        // A chunk the group's chunk imports must not import it back: the two would run in the wrong order.
        const importsOwn = (file: string, seen = new Set<string>()): boolean =>
          (chunks.get(file)?.imports ?? []).some((next) => own.has(next) || (!seen.has(next) && seen.add(next) && importsOwn(next, seen)));
        for (const file of own) {
          const circular = (chunks.get(file)?.imports ?? []).filter((next) => !own.has(next) && importsOwn(next));
          if (circular.length > 0) throw new Error(`${name} chunk ${file} and ${circular.join(', ')} import each other: update vite/first-load-chunks.ts`);
        }
      }
    },
  };
}
