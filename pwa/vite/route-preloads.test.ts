import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads';

// The files a route's HTML names must be exactly what its page loads beyond the entry: a file
// missing from the list is found late again, one too many is downloaded for nothing.

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = [], isEntry = false) => ({
  fileName,
  isEntry,
  moduleIds,
  imports,
  viteMetadata: { importedCss: new Set(css) },
});

const bundle = [
  chunk('assets/index.js', ['/app/main.tsx'], ['assets/react.js'], ['assets/index.css'], true),
  chunk('assets/react.js', ['/app/react.js']),
  chunk('assets/courses-list.js', ['/app/courses-page.tsx', '/app/prefetch-courses.ts'], ['assets/react.js', 'assets/ion-select.js', 'assets/week-shared.js'], ['assets/courses-list.css']),
  chunk('assets/ion-select.js', ['/app/ion-select.js'], ['assets/p-helper.js']),
  chunk('assets/p-helper.js', ['/app/p-helper.js']),
  chunk('assets/week-shared.js', ['/app/signed-in-page.tsx'], ['assets/react.js'], ['assets/week-shared.css']),
  chunk('assets/students-page.js', ['/app/students-page.tsx'], ['assets/week-shared.js']),
];

describe('route preloads', () => {
  it("names the route's chunks and every chunk they import, but none the entry already loads", () => {
    const preloads = routePreloads(bundle, { '/Courses': ['/app/courses-page.tsx', '/app/prefetch-courses.ts'] }, '/');
    expect(preloads).toEqual({
      '/courses': {
        scripts: ['/assets/courses-list.js', '/assets/ion-select.js', '/assets/week-shared.js', '/assets/p-helper.js'],
        styles: ['/assets/courses-list.css', '/assets/week-shared.css'],
      },
    });
  });

  it('leaves out files the bundle no longer holds (chunks that only carried CSS)', () => {
    const withCssOnlyChunk = bundle.map((c) => (c.fileName === 'assets/courses-list.js' ? { ...c, imports: [...c.imports, 'assets/scheduling.js'] } : c));
    const preloads = routePreloads(withCssOnlyChunk, { '/courses': ['/app/courses-page.tsx'] }, '/');
    expect(preloads['/courses']?.scripts).not.toContain('/assets/scheduling.js');
  });

  it('fails the build when a listed page is in no chunk', () => {
    expect(() => routePreloads(bundle, { '/courses': ['/app/moved-courses-page.tsx'] }, '/')).toThrow(/no chunk holds \/app\/moved-courses-page\.tsx/);
  });
});
