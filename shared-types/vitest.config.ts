import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'shared-types', include: ['test/**/*.test.ts'], environment: 'node' } });
