import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/test-app.js';
import { useTestDb } from '../helpers/test-db.js';

// A rolling deploy: servers of the old build and of the new one answer side by side. The version
// the app's banner compares is the newest any server has announced, so once the first new server
// is up every server answers the new version, and none ever answers the old one again.

const testDb = useTestDb();
const apps: FastifyInstance[] = [];

afterAll(async () => {
  for (const app of apps) await app.close();
});

async function server(version: string): Promise<FastifyInstance> {
  const app = await buildTestApp(testDb.db, { appVersion: version });
  apps.push(app);
  return app;
}

const versionOf = async (app: FastifyInstance) => (await app.inject({ url: '/api/infra/GetVersionNumber' })).json().version as string;

/** The versions the servers answer once the last announcement has reached them (NOTIFY: milliseconds; at most a second). */
async function settledVersions(servers: FastifyInstance[], expected: string): Promise<string[]> {
  const until = Date.now() + 1_000;
  for (;;) {
    const versions = await Promise.all(servers.map(versionOf));
    if (versions.every((v) => v === expected) || Date.now() > until) return versions;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the version during a rolling deploy', () => {
  it('is the newest announced by any server, on every server, and never goes back', async () => {
    const old1 = await server('1.0.0+old');
    const old2 = await server('1.0.0+old');
    expect([await versionOf(old1), await versionOf(old2)]).toEqual(['1.0.0+old', '1.0.0+old']);

    const new1 = await server('1.1.0+new');
    // The new server announced itself when it started: the old ones answer its version within a second.
    expect(await settledVersions([old1, old2, new1], '1.1.0+new')).toEqual(['1.1.0+new', '1.1.0+new', '1.1.0+new']);

    // An old server restarting mid-deploy (a crash, say) does not bring the old version back.
    await old2.close();
    const old2again = await server('1.0.0+old');
    expect(await versionOf(old2again)).toBe('1.1.0+new');
    expect(await versionOf(old1)).toBe('1.1.0+new');
  });
});
