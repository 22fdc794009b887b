import { defineConfig } from 'vitest/config';

// `pnpm test:long`: runs at school scale (seeding scale 100, 300 simulated teachers, faults) that
// take minutes, so they stay out of the everyday `pnpm test`. CI runs both.
export default defineConfig({
  test: {
    name: 'api-long',
    include: ['test-long/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/helpers/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 900_000,
  },
});
