import { defineConfig } from 'vitest/config';

// `pnpm test:cluster`: three built API servers on one PostgreSQL behind Debian's nginx, started
// from deploy/ (the files the deployment guide installs). One file at a time: each starts its own
// cluster and wants the machine.
export default defineConfig({
  test: {
    name: 'api-cluster',
    include: ['test-cluster/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
