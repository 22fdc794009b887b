import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit and component tests of the app code; browser tests live in e2e/ with their own config.
export default defineConfig({
  plugins: [react()],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify('test'),
  },
  test: {
    name: 'pwa',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite/**/*.test.ts'],
    setupFiles: ['./src/test-setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
