import { defineConfig } from 'vitest/config';

// One test command for the whole workspace; each package keeps its own environment.
export default defineConfig({
  test: {
    projects: ['*/vitest.config.ts', '*/e2e/vitest.config.ts'],
  },
});
