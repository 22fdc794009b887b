import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The running build's version: a fixed APP_VERSION, else the version.json of the PWA build being
 * served (re-read when that file changes, so deploying a new build is noticed without a restart),
 * else the API package's version.
 */
export function versionSource(opts: { fixed: string | undefined; pwaDist: string; fallback: string }): () => string {
  if (opts.fixed) return () => opts.fixed as string;
  const file = join(opts.pwaDist, 'version.json');
  let cached: { mtimeMs: number; version: string } | null = null;
  return () => {
    try {
      const { mtimeMs } = statSync(file);
      if (!cached || cached.mtimeMs !== mtimeMs) {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
        cached = { mtimeMs, version: typeof parsed.version === 'string' ? parsed.version : opts.fallback };
      }
      return cached.version;
    } catch {
      return opts.fallback;
    }
  };
}
