import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'rollbook-config-'));

describe('configuration', () => {
  it('refuses to start in production without JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow('JWT_SECRET is required when NODE_ENV=production');
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  it('outside production, generates one secret per data folder and keeps it across restarts', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret).toHaveLength(64);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first.jwtSecret);
  });

  it('uses the embedded database and seeds the demo school by default, PostgreSQL when DATABASE_URL is set', () => {
    const embedded = loadConfig({ DATA_DIR: tempDir() });
    expect(embedded).toMatchObject({ databaseUrl: undefined, seedDemo: true, port: 3000 });
    const postgres = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://x@localhost/db', PORT: '8080' });
    expect(postgres).toMatchObject({ databaseUrl: 'postgres://x@localhost/db', seedDemo: false, port: 8080 });
  });

  it('explains an invalid value instead of starting with it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
