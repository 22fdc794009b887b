import { describe, expect, it } from 'vitest';
import { coursesListGroup } from './courses-list-chunk';
import type { ModuleGraph } from './first-load-chunks';

// The courses list's chunk holds what the list needs beyond a first load, and nothing a phone's
// page or the sign-in page also uses (those must never download an admin list's code).

function graph(edges: Record<string, { imports?: string[]; lazy?: string[] }>, entry: string): ModuleGraph {
  return {
    ids: Object.keys(edges),
    isEntry: (id) => id === entry,
    importedIds: (id) => edges[id]?.imports ?? [],
    dynamicallyImportedIds: (id) => edges[id]?.lazy ?? [],
  };
}

const app = '/pwa/src';
const modules = graph({
  [`${app}/main.tsx`]: { imports: [`${app}/react.js`], lazy: [`${app}/features/courses/components/courses-page.tsx`, `${app}/features/courses/api/prefetch-courses.ts`, `${app}/app/routes/login.tsx`, `${app}/features/mobile-attendance/components/teacher-classes-page.tsx`, `${app}/features/rooms/components/rooms-page.tsx`] },
  [`${app}/react.js`]: {},
  [`${app}/features/courses/components/courses-page.tsx`]: { imports: [`${app}/react.js`, `${app}/lib/list-url.ts`, `${app}/ion-select.js`, `${app}/ion-input.js`, `${app}/app/layout/signed-in-page.tsx`] },
  [`${app}/features/courses/api/prefetch-courses.ts`]: { imports: [`${app}/features/courses/api/get-courses.ts`] },
  [`${app}/features/courses/api/get-courses.ts`]: {},
  [`${app}/lib/list-url.ts`]: {},
  [`${app}/ion-select.js`]: {},
  [`${app}/ion-input.js`]: {},
  [`${app}/app/layout/signed-in-page.tsx`]: {},
  [`${app}/app/routes/login.tsx`]: { imports: [`${app}/ion-input.js`] },
  [`${app}/features/mobile-attendance/components/teacher-classes-page.tsx`]: { imports: [`${app}/app/layout/signed-in-page.tsx`] },
  [`${app}/offline/session/offline-session.tsx`]: { imports: [`${app}/offline/db.ts`] },
  [`${app}/offline/sync-session.ts`]: { imports: [`${app}/offline/db.ts`] },
  [`${app}/offline/db.ts`]: {},
  [`${app}/features/teacher-home/teacher-home.tsx`]: { imports: [`${app}/offline/db.ts`, `${app}/ion-select.js`] },
  [`${app}/features/rooms/components/rooms-page.tsx`]: { imports: [`${app}/lib/list-url.ts`] },
}, `${app}/main.tsx`);
// The teacher's home is opened lazily too.
const withTeacherHome: ModuleGraph = { ...modules, dynamicallyImportedIds: (id) => [...modules.dynamicallyImportedIds(id), ...(id === `${app}/main.tsx` ? [`${app}/features/teacher-home/teacher-home.tsx`] : [])] };

describe("the courses list's chunk", () => {
  it("holds the list's own modules and the helpers it shares with other admin pages", () => {
    expect([...coursesListGroup(withTeacherHome)].sort()).toEqual([
      `${app}/features/courses/api/get-courses.ts`,
      `${app}/features/courses/api/prefetch-courses.ts`,
      `${app}/features/courses/components/courses-page.tsx`,
      `${app}/lib/list-url.ts`,
    ]);
  });

  it("leaves out the start-up chunk's modules, the week's, and what sign-in or a phone's page uses", () => {
    const group = coursesListGroup(withTeacherHome);
    for (const id of ['react.js', 'app/layout/signed-in-page.tsx', 'ion-input.js', 'ion-select.js']) expect(group.has(`${app}/${id}`), id).toBe(false);
  });

  it('fails the build when the list has moved', () => {
    const moved: ModuleGraph = { ...withTeacherHome, ids: withTeacherHome.ids.filter((id) => !id.endsWith('prefetch-courses.ts')) };
    expect(() => coursesListGroup(moved)).toThrow(/found 1 of the 2 roots/);
  });
});
