import { isIP } from 'node:net';
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
  // How often each server looks for e-mails to send in the outbox (class-change e-mails); 0: never (tests).
  MAIL_OUTBOX_POLL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  JOBS_CHECK_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  // Uploaded documents: in the database, or in this folder (shared by every server of a cluster).
  FILES_DIR: z.string().min(1).optional(),
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(10 * 1024 * 1024),
  // Proxies whose X-Forwarded-For is believed: a hop count, or addresses and CIDR ranges. Unset: none.
  TRUST_PROXY: z.string().trim().optional(),
});

/** What production cannot run without, and why, so a refused start says what to set. */
const REQUIRED_IN_PRODUCTION = {
  JWT_SECRET: 'the secret that signs sign-ins (32+ characters), the same on every server',
  SMTP_URL: 'the mail server for sign-up and password-reset codes, e.g. smtp://user:pass@mail.example:587',
} as const;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** node-postgres connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Where the embedded database and other local state live. */
  dataDir: string;
  /** Unset (outside production only): one secret is generated and kept in the database, shared by every server. */
  jwtSecret: string | undefined;
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
  /** Seconds between a server's looks for due e-mails in the outbox; 0 sends only when asked (tests). */
  mailOutboxPollSeconds: number;
  /** Seconds (jittered) between a server's looks for due periodic jobs; 0: only when it starts (tests). */
  jobsCheckSeconds: number;
  /** Folder of the disk file store for uploaded documents; unset: they are kept in the database. */
  filesDir: string | undefined;
  /** Largest upload accepted, in bytes (default 10 MB); larger files get 413. */
  maxUploadBytes: number;
  /** Fastify's trustProxy: false (the socket's address is the client), a hop count, or trusted addresses. */
  trustProxy: false | number | string[];
}

/** The configuration once the app has a secret (from JWT_SECRET, or the database's development one). */
export type RunningConfig = AppConfig & { jwtSecret: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const missing = Object.entries(REQUIRED_IN_PRODUCTION).filter(([name]) => !e[name as keyof typeof REQUIRED_IN_PRODUCTION]);
    if (missing.length > 0) {
      throw new Error(`Cannot start with NODE_ENV=production: ${missing.map(([name, what]) => `${name} is required when NODE_ENV=production (${what})`).join('; ')}`);
    }
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    jwtSecret: e.JWT_SECRET,
    jwtExpiresInSeconds: e.JWT_EXPIRES_IN,
    seedDemo: e.SEED_DEMO === '1' || (e.SEED_DEMO === 'auto' && !e.DATABASE_URL),
    pwaDist: resolve(e.PWA_DIST),
    appVersion: e.APP_VERSION,
    logLevel: e.LOG_LEVEL,
    signInAttemptsPerMinute: 10,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: resolve(e.MAIL_DIR ?? join(e.DATA_DIR, 'mail')),
    mailOutboxPollSeconds: e.MAIL_OUTBOX_POLL_SECONDS,
    jobsCheckSeconds: e.JOBS_CHECK_SECONDS,
    filesDir: e.FILES_DIR === undefined ? undefined : resolve(e.FILES_DIR),
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
  };
}

const PROXY_ADDRESS_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Behind a load balancer every request comes from the balancer, so the client is whoever it says in
 * X-Forwarded-For; believed from anyone else, that header lets a caller choose their own address
 * (and so their own rate-limit key). Trusted only as configured: the balancers' addresses, or a hop
 * count (that many proxies in front, whatever their address: only for servers that cannot be
 * reached but through the balancer, e.g. HOST=127.0.0.1 or a firewall).
 */
function parseTrustProxy(value: string | undefined): AppConfig['trustProxy'] {
  if (value === undefined || value === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error('Invalid configuration: TRUST_PROXY: a hop count is at most 10');
    return hops === 0 ? false : hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
    if (!PROXY_ADDRESS_PRESETS.has(entry) && (version === 0 || !bitsOk || extra !== undefined)) {
      throw new Error(`Invalid configuration: TRUST_PROXY: '${entry}' is not a hop count, an IP address or a CIDR range`);
    }
  }
  return entries;
}
