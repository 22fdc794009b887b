import { defineConfig } from 'vitest/config';

// `pnpm test:long`: the school-scale, load and fault runs (minutes each). Run one file at a time:
// each of them wants the whole machine.
export default defineConfig({
  test: {
    projects: ['*/vitest.long.config.ts', '*/e2e/vitest.long.config.ts'],
    fileParallelism: false,
  },
});
