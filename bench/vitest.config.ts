import { defineConfig } from 'vitest/config';

// The bench's own checks (the ideal SQL answers the API's answers), run with every test: they
// need the API's migrated PostgreSQL template, so they share the api project's global setup.
export default defineConfig({
  test: {
    name: 'bench',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../api/test/helpers/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
