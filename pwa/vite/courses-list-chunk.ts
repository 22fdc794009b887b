import type { Plugin } from 'vite';
import { firstLoadGroups, moduleGraphOf, OFFLINE_DATABASE, staticallyReached, withChunkGroups, type ModuleGraph } from './first-load-chunks';

/** Where the admin's courses list starts: its page, and the request the route makes beside it. */
const COURSES_LIST_ROOTS = [
  /[\\/]src[\\/]features[\\/]courses[\\/]components[\\/]courses-page\.tsx$/,
  /[\\/]src[\\/]features[\\/]courses[\\/]api[\\/]prefetch-courses\.ts$/,
];
/** Pages anyone opens before signing in. */
const PUBLIC_PAGES = /[\\/]src[\\/]app[\\/]routes[\\/](login|signup|forgot-password)\.tsx$/;

/**
 * The modules of the admin's courses list, in one chunk (`courses-list`): the page, its table and
 * filters, and the list helpers it shares with the other admin lists (address, pager, sort
 * headers, select and date fields, lookups), less what a first load has already brought
 * (start-up, week and week-shared, first-load-chunks.ts) and less what a phone's page or a page
 * before sign-in also uses, so those never download an admin list's code.
 *
 * Why: left to the bundler, the list came as some 30 files of 1-3 KB, one per set of pages sharing
 * them; over a phone's HTTP/1.1 connections (six at a time) each costs a round trip, and those
 * rounds were most of the time between the start-up chunk and the rows showing. An admin page that
 * uses one of the helpers loads the whole chunk, ~10 KB gz, in one request instead of several.
 */
export function coursesListGroup(graph: ModuleGraph, leaveOut: readonly RegExp[] = []): Set<string> {
  const first = firstLoadGroups(graph, leaveOut);
  const roots = graph.ids.filter((id) => COURSES_LIST_ROOTS.some((root) => root.test(id)));
  if (roots.length !== COURSES_LIST_ROOTS.length) throw new Error(`courses-list chunk: found ${roots.length} of the ${COURSES_LIST_ROOTS.length} roots; update vite/courses-list-chunk.ts`);
  const lazyTargets = new Set(graph.ids.flatMap((id) => graph.dynamicallyImportedIds(id)));
  const elsewhere = [...lazyTargets].filter((target) => PUBLIC_PAGES.test(target) || [...staticallyReached(graph, [target])].some((id) => OFFLINE_DATABASE.test(id)));
  const notHere = staticallyReached(graph, elsewhere);
  const alreadyLoaded = (id: string) => first.startup.has(id) || first.week.has(id) || first.weekShared.has(id);
  return new Set([...staticallyReached(graph, roots)].filter((id) => !alreadyLoaded(id) && !notHere.has(id) && !leaveOut.some((pattern) => pattern.test(id))));
}

export function coursesListChunk({ leaveOut = [] }: { leaveOut?: readonly RegExp[] } = {}): Plugin {
  let group = new Set<string>();
  return {
    name: 'rollbook-courses-list-chunk',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      group = coursesListGroup(moduleGraphOf(this), leaveOut);
    },
    outputOptions(options) {
      return withChunkGroups(options, { 'courses-list': () => group });
    },
  };
}
