import { defineConfig } from 'tsup';

// One ESM file for production; workspace packages (contract, migrations) are bundled in,
// npm dependencies stay in node_modules (PGlite loads its WebAssembly from there).
export default defineConfig({
  entry: { server: 'src/server.ts' },
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  noExternal: [/^@rollbook\//],
});
