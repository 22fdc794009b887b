import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';

const tempDir = () => mkdtempSync(join(tmpdir(), 'rollbook-config-'));
const SECRET = 'x'.repeat(40);

describe('configuration', () => {
  it('refuses to start in production without JWT_SECRET and SMTP_URL, naming each one missing', () => {
    const start = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir(), ...env });
    expect(start({})).toThrow(/JWT_SECRET is required when NODE_ENV=production.*; SMTP_URL is required when NODE_ENV=production/);
    expect(start({ JWT_SECRET: SECRET })).toThrow(/^Cannot start with NODE_ENV=production: SMTP_URL is required when NODE_ENV=production \(the mail server/);
    expect(start({ SMTP_URL: 'smtp://mail.example:587' })).toThrow(/^Cannot start with NODE_ENV=production: JWT_SECRET is required when NODE_ENV=production \(the secret/);
    expect(start({ JWT_SECRET: SECRET, SMTP_URL: 'smtp://mail.example:587' })()).toMatchObject({ env: 'production', jwtSecret: SECRET, smtpUrl: 'smtp://mail.example:587' });
  });

  it('refuses a short JWT_SECRET', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });

  it('outside production, leaves the secret to the database (shared by every server) and mail to a folder', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ jwtSecret: undefined, smtpUrl: undefined });
  });

  it('uses the embedded database and seeds the demo school by default, PostgreSQL when DATABASE_URL is set', () => {
    const embedded = loadConfig({ DATA_DIR: tempDir() });
    expect(embedded).toMatchObject({ databaseUrl: undefined, seedDemo: true, port: 3000 });
    const postgres = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://x@localhost/db', PORT: '8080' });
    expect(postgres).toMatchObject({ databaseUrl: 'postgres://x@localhost/db', seedDemo: false, port: 8080 });
  });

  it('looks for due periodic jobs every ten minutes unless JOBS_CHECK_SECONDS says otherwise (0: only at the start)', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).jobsCheckSeconds).toBe(600);
    expect(loadConfig({ DATA_DIR: tempDir(), JOBS_CHECK_SECONDS: '0' }).jobsCheckSeconds).toBe(0);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JOBS_CHECK_SECONDS: '-1' })).toThrow(/JOBS_CHECK_SECONDS/);
  });

  it('keeps uploaded documents in the database unless FILES_DIR names a (shared) folder', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).filesDir).toBeUndefined();
    expect(loadConfig({ FILES_DIR: '/srv/rollbook-files' }).filesDir).toBe('/srv/rollbook-files');
  });

  it('trusts no proxy unless TRUST_PROXY names them, by address or by hop count', () => {
    const trust = (value?: string) => loadConfig({ DATA_DIR: tempDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.5, 10.1.0.0/16,::1,loopback')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'loopback']);
    for (const bad of ['true', '*', '10.0.0.300', '10.0.0.0/33', 'nginx.local', '11']) {
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it('explains an invalid value instead of starting with it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
