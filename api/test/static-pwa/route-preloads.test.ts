import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/test-app.js';

// The HTML sent for a page the PWA build lists in route-preloads.json names that page's chunks, so
// the browser fetches them at once instead of after the start-up chunk has run
// (plugins/static-pwa.ts, pwa/vite/route-preloads.ts); every other page gets index.html as built.

const INDEX_HTML = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-a1.js"></script></head><body><div id="root"></div></body></html>';
const dist = mkdtempSync(join(tmpdir(), 'rollbook-pwa-dist-'));
writeFileSync(join(dist, 'index.html'), INDEX_HTML);
const writePreloads = (routes: unknown) => writeFileSync(join(dist, 'route-preloads.json'), typeof routes === 'string' ? routes : JSON.stringify(routes));
writePreloads({
  '/courses': {
    scripts: ['/assets/courses-list-b2.js', '/assets/ion-select-c3.js', '"><script>alert(1)</script>', '//elsewhere.example/x.js'],
    styles: ['/assets/courses-list-d4.css'],
  },
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const ctx = useTestApp({ pwaDist: dist });
const page = (url: string) => ctx.app.inject({ url, headers: { accept: 'text/html' } });

describe("a page's HTML", () => {
  it("names the courses list's chunks and stylesheet, and nothing that is not a built asset", async () => {
    const res = await page('/courses');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-a1.js"></script>');
    expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/courses-list-b2.js">');
    expect(res.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ion-select-c3.js">');
    expect(res.body).toContain('<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/courses-list-d4.css">');
    expect(res.body).not.toContain('alert(1)');
    expect(res.body).not.toContain('elsewhere.example');
    expect(res.body.indexOf('courses-list-b2.js')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('matches the path as the app does: any case, a trailing slash, a query', async () => {
    for (const url of ['/Courses', '/courses/', '/COURSES?statusId=2&page=3']) {
      expect((await page(url)).body, url).toContain('href="/assets/courses-list-b2.js"');
    }
  });

  it('is index.html as built for a page with no list, and for the courses list once the file is gone or damaged', async () => {
    expect((await page('/students')).body).toBe(INDEX_HTML);
    writePreloads('{ not json');
    expect((await page('/courses')).body).toBe(INDEX_HTML);
    rmSync(join(dist, 'route-preloads.json'));
    const res = await page('/courses');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });
});
