import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ionicComponentsPerChunk } from './vite/ionic-components-per-chunk';
import { iosTransitionSideEffectsRule } from './vite/ionic-ios-transition';
import { precompressAssets } from './vite/precompress-assets';
import { stencilSlicedWrites } from './vite/stencil-sliced-writes';
import { firstLoadChunks } from './vite/first-load-chunks';
import { coursesListChunk } from './vite/courses-list-chunk';
import { routePreloadsFile } from './vite/route-preloads';
import { zodWithoutJsonSchema } from './vite/zod-without-json-schema';

const THEME_COLOR = '#1f4e79';

function gitShortSha(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** A unique id per build: APP_VERSION when the release process sets one, else version+time.sha. */
function buildVersion(): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const sha = gitShortSha();
  return `${version}+${stamp}${sha ? `.${sha}` : ''}`;
}

/** Writes dist/version.json, which the API reports at GET /api/infra/GetVersionNumber. */
function versionFile(version: string): Plugin {
  return {
    name: 'rollbook-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version })}\n` });
    },
  };
}

const appVersion = buildVersion();
const iosTransition = iosTransitionSideEffectsRule();

// Dexie's build for modern browsers (ES2021: native classes and async functions), shipped in the
// package beside the ES5 one its entry point loads: ~1.3 KB gz less for the phone's first visit.
// Every `import 'dexie'` (ours and dexie-react-hooks') resolves to it, so there is one Dexie.
const dexieModern = createRequire(import.meta.url).resolve('dexie').replace(/dexie\.js$/, 'modern/dexie.mjs');

export default defineConfig({
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion),
  },
  plugins: [
    react(),
    ionicComponentsPerChunk(),
    // Ionic imports its iOS page transition on demand (iOS mode only): not part of any first load.
    firstLoadChunks({ leaveOut: [iosTransition.test] }),
    coursesListChunk({ leaveOut: [iosTransition.test] }),
    zodWithoutJsonSchema(),
    stencilSlicedWrites(),
    // The pages whose chunks the server names in the HTML it sends for their path (the admin's
    // courses list: its LCP waited for the chain start-up chunk -> page chunks -> request).
    routePreloadsFile({
      '/courses': ['src/features/courses/components/courses-page.tsx', 'src/features/courses/api/prefetch-courses.ts'],
    }),
    versionFile(appVersion),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      strategies: 'generateSW',
      // globPatterns below already precaches the icons.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'Rollbook',
        short_name: 'Rollbook',
        description: 'Courses, classes, attendance and payments for language schools.',
        lang: 'en-GB',
        dir: 'ltr',
        display: 'standalone',
        orientation: 'any',
        start_url: '/',
        scope: '/',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        categories: ['education', 'productivity'],
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell and every JS/CSS chunk, so all pages open offline; version.json stays live.
        globPatterns: ['**/*.{html,js,css,svg,png,ico,woff2}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // Take control of the first page that installs the worker; updates still wait for UPDATE.
        clientsClaim: true,
      },
    }),
    precompressAssets(),
  ],
  resolve: {
    alias: [
      // @ionic/react defines <ion-icon> from the ionicons package, which brings its own copy of the
      // Stencil runtime (~5 KB gz on every first load); @ionic/core ships the same ionicons
      // component built on the runtime the app loads anyway, under the same export names. Ionic's
      // own components (items, menu buttons) already define <ion-icon> from that copy.
      { find: /^ionicons\/components\/ion-icon\.js$/, replacement: '@ionic/core/components/ion-icon.js' },
      { find: /^dexie$/, replacement: dexieModern },
    ],
  },
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
    // Ionic's element modules only define classes: when no page uses one, leave it out (without
    // this, every Ionic component was in the first chunk, over the phone's 250 KB budget). Pairs with the plugin
    // ionicComponentsPerChunk, which moves each used component to the pages that use it.
    rolldownOptions: {
      treeshake: {
        // shared-types' schemas are built by chained zod calls (z.object(...).extend(...)), which
        // have no effect but their value: marked pure, a schema no page reads is left out. The list
        // queries spread list-page's shapes into theirs, which must be pure too for them to drop.
        manualPureFunctions: ['z', 'integerSchema', 'filterSchema', 'pageQueryShape', 'keysetPageQueryShape', 'QueryBooleanSchema', 'IdSchema', 'BodyIdSchema', 'formIntegerInput'],
        moduleSideEffects: [
          { test: /[\\/]@ionic[\\/]core[\\/]components[\\/]ion-[^\\/]+\.js$/, sideEffects: false },
          iosTransition,
        ],
      },
    },
  },
});
