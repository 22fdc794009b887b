import { defineConfig } from 'vitest/config';

// `pnpm test:cluster`: the API as a cluster (3 servers, one PostgreSQL, nginx); see docs/deploy.md.
export default defineConfig({
  test: {
    projects: ['api/vitest.cluster.config.ts'],
    fileParallelism: false,
  },
});
