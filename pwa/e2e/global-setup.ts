import type { TestProject } from 'vitest/node';
import { startStack } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the running server, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** Folder the server serves the PWA from; tests may change files in it. */
    pwaDist: string;
    /** The server's PostgreSQL database, or '' when it runs on embedded PGlite (no PostgreSQL found). */
    databaseUrl: string;
  }
}

/** One server (and database) for the whole browser-test run; each file opens its own Chromium. */
export default async function setup(project: TestProject) {
  const stack = await startStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('pwaDist', stack.pwaDist);
  project.provide('databaseUrl', stack.databaseUrl ?? '');
  return () => stack.stop();
}
