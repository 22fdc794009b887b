import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSignIn } from './api-driver';
import { launchBrowser, openApp, PHONE } from './app-driver';

// The app runs under its CSP (script-src 'self', no unsafe-eval) without a single violation:
// Chromium reports even a refused and caught `new Function` (zod's probe for its compiled parser,
// src/lib/zod-jitless.ts) in DevTools' Issues panel, which Lighthouse's best practices count.
// The console stays clean either way, so the browser's own issue reports are read here.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function cspIssuesOpening(username: string, path: string, shown: (page: Page) => Locator): Promise<string[]> {
  const user = await apiSignIn(username);
  const app = await openApp(browser, PHONE);
  await app.context.addInitScript((stored) => localStorage.setItem('rollbook.user', JSON.stringify(stored)), user);
  const cdp = await app.context.newCDPSession(app.page);
  const issues: string[] = [];
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue') issues.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  await cdp.send('Audits.enable');
  await app.page.goto(path);
  await shown(app.page).first().waitFor();
  // Parsing goes on after the first rows (lookups, later answers): give it a moment.
  await app.page.waitForTimeout(1_000);
  expect(app.errors).toEqual([]);
  await app.context.close();
  return issues;
}

describe('the Content Security Policy', () => {
  it("is never violated by the admin's courses list", async () => {
    expect(await cspIssuesOpening('admin', '/courses', (page) => page.locator('table.courses-table tbody tr'))).toEqual([]);
  });

  it("is never violated by the teacher's week and its first pull", async () => {
    expect(await cspIssuesOpening('teacher', '/teachers/classesmobile', (page) => page.getByText(/^Last updated \d\d:\d\d$/).filter({ visible: true }))).toEqual([]);
  });
});
