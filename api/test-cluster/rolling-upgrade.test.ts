import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The app's own rule for its 'Application update!' banner: shown while the server's version
// differs from the first one the page saw.
import { createVersionWatch } from '../../pwa/src/features/app-update/version-watch.js';
import { sleep } from '../test/faults/server-process.js';
import { Cluster } from './cluster.js';
import { nginxFailTimeoutMs } from './deploy-files.js';

// A rolling upgrade, as docs/deploy.md does it: one server at a time is stopped (SIGTERM: nginx
// sends its requests to the others), started on the new build, waited for, and then given nginx's
// fail_timeout to be taken back before the next is stopped.
// Meanwhile open pages ask for the version through nginx, as the app does every 60 seconds (here
// every 100 ms, so each page asks every server many times over). Each page's banner shows once
// and never hides again, and no request fails.

const OLD = '1.0.0+old';
const NEW = '1.1.0+new';
const PAGES = 20;
const POLL_EVERY_MS = 100;

let cluster: Cluster;

beforeAll(async () => {
  cluster = await Cluster.start({ env: { APP_VERSION: OLD } });
});

afterAll(async () => {
  await cluster?.stop();
});

interface Page {
  watch: ReturnType<typeof createVersionWatch>;
  /** The banner's state after each check, changes only. */
  banner: boolean[];
  seen: string[];
  failures: string[];
}

async function keepAsking(page: Page, until: () => boolean): Promise<void> {
  while (!until()) {
    try {
      const res = await cluster.call('/api/infra/GetVersionNumber');
      if (res.status !== 200) {
        page.failures.push(`answered ${res.status}`);
      } else {
        const { version } = (await res.json()) as { version: string };
        const shown = page.watch.observe(version);
        if (page.banner.at(-1) !== shown) page.banner.push(shown);
        if (page.seen.at(-1) !== version) page.seen.push(version);
      }
    } catch (err) {
      page.failures.push((err as Error).message);
    }
    await sleep(POLL_EVERY_MS);
  }
}

describe('a rolling upgrade of three servers behind nginx', () => {
  it("shows each open page the 'Application update!' banner once, never hides it again, and fails no request", async () => {
    const pages: Page[] = Array.from({ length: PAGES }, () => ({ watch: createVersionWatch(), banner: [], seen: [], failures: [] }));
    let done = false;
    const asking = Promise.all(pages.map((page) => keepAsking(page, () => done)));
    await sleep(1_000);

    const steps: string[] = [];
    for (const server of cluster.servers) {
      const started = Date.now();
      await server.stop();
      server.launch({ APP_VERSION: NEW });
      await server.ready();
      steps.push(`port ${server.port} upgraded in ${Date.now() - started} ms`);
      // nginx takes a server back only once its fail_timeout has passed since the server refused a
      // connection; stopping the next one sooner can leave nginx with no server it believes up.
      await sleep(nginxFailTimeoutMs() + 1_000);
    }
    done = true;
    await asking;

    expect(pages.flatMap((page) => page.failures).slice(0, 10)).toEqual([]);
    for (const page of pages) {
      // Hidden while every server ran the old build, then shown, once, for good.
      expect(page.banner).toEqual([false, true]);
      expect(page.seen).toEqual([OLD, NEW]);
    }
    console.info(`Rolling upgrade: ${steps.join('; ')}; ${PAGES} pages asking every ${POLL_EVERY_MS} ms saw ${OLD} then ${NEW}, banner shown once, 0 failed requests`);
  });
});
