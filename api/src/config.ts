import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().default(join(repoRoot, '.data')),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  // Seconds a sign-in lasts.
  JWT_EXPIRES_IN: z.coerce.number().int().min(60).max(60 * 60 * 24 * 30).default(60 * 60 * 12),
  // 'auto': seed the demo school into an empty embedded database; '1' always when empty; '0' never.
  SEED_DEMO: z.enum(['auto', '0', '1']).default('auto'),
  PWA_DIST: z.string().default(join(repoRoot, 'pwa', 'dist')),
  APP_VERSION: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // E-mail: SMTP when SMTP_URL is set (smtp://user:pass@host:587, smtps://…), else .eml files in MAIL_DIR.
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Rollbook <no-reply@rollbook.local>'),
  MAIL_DIR: z.string().optional(),
  // Uploaded documents: a folder on disk (the FileStore) and the largest file accepted.
  FILES_DIR: z.string().optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(10 * 1024 * 1024),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** node-postgres connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Where the embedded database and other local state live. */
  dataDir: string;
  jwtSecret: string;
  jwtExpiresInSeconds: number;
  seedDemo: boolean;
  pwaDist: string;
  /** Fixed version string, else the served PWA build's version.json is reported. */
  appVersion: string | undefined;
  logLevel: string;
  /** Sign-in attempts allowed per IP and username per minute. */
  signInAttemptsPerMinute: number;
  /** SMTP connection URL; unset: mail is written to mailDir as .eml files. */
  smtpUrl: string | undefined;
  /** From header of the mail Rollbook sends. */
  mailFrom: string;
  /** Folder for .eml files when there is no SMTP server (default DATA_DIR/mail). */
  mailDir: string;
  /** Folder of the disk file store for uploaded documents (default DATA_DIR/files). */
  filesDir: string;
  /** Largest upload accepted, in bytes (default 10 MB); larger files get 413. */
  maxUploadBytes: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET ?? localJwtSecret(e.NODE_ENV, resolve(e.DATA_DIR)),
    jwtExpiresInSeconds: e.JWT_EXPIRES_IN,
    seedDemo: e.SEED_DEMO === '1' || (e.SEED_DEMO === 'auto' && !e.DATABASE_URL),
    pwaDist: resolve(e.PWA_DIST),
    appVersion: e.APP_VERSION,
    logLevel: e.LOG_LEVEL,
    signInAttemptsPerMinute: 10,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: resolve(e.MAIL_DIR ?? join(e.DATA_DIR, 'mail')),
    filesDir: resolve(e.FILES_DIR ?? join(e.DATA_DIR, 'files')),
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
  };
}

// Outside production a random secret is generated once per data folder, so a newcomer needs no
// setup and tokens survive restarts. Production has no default: a missing secret stops the start.
function localJwtSecret(nodeEnv: string, dataDir: string): string {
  if (nodeEnv === 'production') {
    throw new Error('JWT_SECRET is required when NODE_ENV=production');
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
