import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../../../api/test/faults/server-process.js';
import { threadTimeBlocking, type TraceEvent } from './thread-time-blocking';

// Lighthouse (npm `lighthouse` 12, mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU)
// on a signed-in page of the running app, in Debian's Chromium. Shared by `pnpm bench` (bench/src/pwa)
// and the browser test pwa/e2e/lighthouse-quality.test.ts (accessibility and best practices only).

export type CategoryId = 'performance' | 'accessibility' | 'best-practices';

export interface AuditTarget {
  baseUrl: string;
  /** Demo user whose session the page opens with (password demo1234). */
  username: string;
  /** App path, e.g. /teachers/classesmobile */
  path: string;
}

export interface FailingAudit {
  id: string;
  title: string;
  /** 0..1; null for audits without a score. */
  score: number | null;
  /** What failed, e.g. the selectors of the offending elements. */
  details: string[];
}

export interface AuditResult {
  /** Category scores, 0..100. */
  scores: Partial<Record<CategoryId, number>>;
  /** Audits of the measured categories that did not pass, with what failed. */
  failing: Partial<Record<CategoryId, FailingAudit[]>>;
  /**
   * Metrics of the performance category (ms), when measured; with the blocking time worked out
   * from the tasks' thread CPU time (`thread-time-blocking`, see thread-time-blocking.ts) and the
   * main thread's CPU time (`main-thread-cpu`), which other processes' load does not inflate.
   */
  metrics: Record<string, number>;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The same flags as the browser tests (pwa/e2e/harness.ts).
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const SESSION_STORAGE_KEY = 'rollbook.user';

async function waitForDebugger(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium did not open its debugging port within 30 s');
}

export async function signInJson(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  if (response.status !== 200) throw new Error(`Signing in as ${username} answered ${response.status}`);
  return response.text();
}

/** Chromium with a debugging port and its own profile, holding the user's session in localStorage. */
async function signedInChromium(target: AuditTarget): Promise<{ port: number; close(): Promise<void> }> {
  const port = await freePort();
  const profile = await mkdtemp(join(tmpdir(), 'rollbook-lighthouse-'));
  const child = spawn(CHROMIUM, [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Chromium's helper processes may still be writing the profile for a moment after it exits.
    await rm(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 }).catch((error: unknown) => {
      console.warn(`bench:pwa: could not remove ${profile}:`, error);
    });
  };
  try {
    await waitForDebugger(port, child);
    const user = await signInJson(target.baseUrl, target.username);
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium opened without a browser context');
    const page = await context.newPage();
    await page.goto(`${target.baseUrl}/login`);
    // Runs in the page (bench has no DOM types): the app reads its session from localStorage.
    await page.evaluate(`localStorage.setItem(${JSON.stringify(SESSION_STORAGE_KEY)}, ${JSON.stringify(user)})`);
    await page.close();
    await browser.close();
    return { port, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function auditDetails(details: unknown): string[] {
  const raw = (details as { items?: unknown } | undefined)?.items;
  const items = Array.isArray(raw) ? (raw as Record<string, unknown>[]) : [];
  return items.slice(0, 5).map((item) => {
    const node = item.node as { selector?: string; snippet?: string; explanation?: string } | undefined;
    if (node) return `${node.selector ?? ''} ${node.snippet ?? ''}${node.explanation ? ` — ${node.explanation.split('\n').join(' ')}` : ''}`.trim();
    return JSON.stringify(item).slice(0, 200);
  });
}

/** Runs Lighthouse once on the target page, signed in, with the mobile preset. */
export async function auditPage(target: AuditTarget, categories: CategoryId[]): Promise<AuditResult> {
  const chrome = await signedInChromium(target);
  try {
    const runner = await lighthouse(
      new URL(target.path, target.baseUrl).toString(),
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: categories, disableStorageReset: true, formFactor: 'mobile' },
    );
    if (!runner) throw new Error('Lighthouse returned no result');
    const { lhr } = runner;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const result: AuditResult = { scores: {}, failing: {}, metrics: {} };
    for (const id of categories) {
      const category = lhr.categories[id];
      result.scores[id] = Math.round((category?.score ?? 0) * 100);
      result.failing[id] = (category?.auditRefs ?? [])
        .map((ref) => lhr.audits[ref.id])
        .filter((audit): audit is NonNullable<typeof audit> => audit !== undefined)
        .filter((audit) => audit.scoreDisplayMode !== 'notApplicable' && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual' && audit.score !== null && audit.score < 1)
        .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score, details: auditDetails(audit.details) }));
    }
    for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'interactive']) {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value === 'number') result.metrics[id] = Math.round(value);
    }
    const trace = (runner.artifacts as { Trace?: { traceEvents?: TraceEvent[] } }).Trace?.traceEvents;
    const cpu = trace && categories.includes('performance') ? threadTimeBlocking(trace) : null;
    if (cpu) {
      result.metrics['thread-time-blocking'] = cpu.blockingMs;
      result.metrics['main-thread-cpu'] = cpu.mainThreadCpuMs;
    }
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue;
    if (typeof cls === 'number') result.metrics['cumulative-layout-shift'] = cls;
    return result;
  } finally {
    await chrome.close();
  }
}

/** "accessibility 92: color-contrast (0) …" lines, for failure messages and reports. */
export function describeFailures(result: AuditResult, category: CategoryId): string {
  const failing = result.failing[category] ?? [];
  return failing
    .map((audit) => `  - ${audit.id} (${audit.score ?? 'n/a'}): ${audit.title}${audit.details.map((detail) => `\n      ${detail}`).join('')}`)
    .join('\n');
}
