import { describe, expect, it } from 'vitest';
import { INITIAL_JS_BUDGET_KB, launchChromium, measureInitialScripts } from '../../bench/src/pwa/phone-measurements';
import { baseUrl } from './app-driver';

// PWA budget: the JavaScript the teacher's phone downloads on a first visit (no service
// worker yet, signed in) until the week shows, each script gzipped at level 9. Bytes, not a timing,
// so a test holds the line; `pnpm bench` reports the same measurement (one definition, in bench).

describe("the teacher's first visit to the week", () => {
  it(`downloads at most ${INITIAL_JS_BUDGET_KB} KB of gzipped JavaScript before the week shows`, async () => {
    const browser = await launchChromium();
    try {
      const initial = await measureInitialScripts(browser, baseUrl());
      const totalKb = initial.totalGzipBytes / 1024;
      const scripts = initial.scripts.map((script) => `${script.path} ${(script.gzipBytes / 1024).toFixed(1)} KB`).join('\n');
      expect(totalKb, `${totalKb.toFixed(1)} KB gz in ${initial.scripts.length} scripts:\n${scripts}`).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
