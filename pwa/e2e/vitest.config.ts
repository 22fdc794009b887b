import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: the built server and PWA driven through a real Chromium (see harness.ts).
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.test.ts'],
    // School-scale browser tests run in `pnpm test:long` (vitest.long.config.ts).
    exclude: ['**/*.long.test.ts', '**/node_modules/**'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
