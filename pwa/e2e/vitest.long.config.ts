import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests at school scale (`pnpm test:long`): each starts its own server on the bench's seeded
// database of that scale (bench/src/api/bench-db.ts: seeded once per migration set, then reused by
// the bench and by these tests alike).
export default defineConfig({
  test: {
    name: 'e2e-long',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.long.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 900_000,
  },
});
