import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './vite-plugins/compile-hints';
import { dropDarkTheme } from './vite-plugins/drop-dark-theme';
import { dropIconFont } from './vite-plugins/drop-icon-font';
import { dropUnusedBlueprint } from './vite-plugins/drop-unused-blueprint';
import { lazyIconNames } from './vite-plugins/lazy-icon-names';
import { precompress } from './vite-plugins/precompress';
import { serviceWorker } from './vite-plugins/service-worker';
import { linguiCatalogues } from './vite-lingui-catalogues';

const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));
const sharedSrc = fileURLToPath(new URL('../shared/src/', import.meta.url));
// React Router's package exports point bundlers at its development build (dev-only warnings and
// checks); the app ships its production build.
const reactRouter = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.js');

/**
 * The public web build. The desktop build reuses this renderer through desktop/electron.vite.config.ts
 * with its own entry (src/main.desktop.tsx), which is the only one that carries the staff screens.
 */
/** The module features' pages (lazy routes under /workspace/{schoolId}/) and how their chunks are named. */
const MODULE_SOURCE = /[\\/]src[\\/]features[\\/](students|timetable|calendar|attendance|exams|fees|guardian|notices)[\\/]pages[\\/]/;
const MODULE_PAGE = /(^|\/)m-[^/]+\.js$/;
/** One Blueprint icon's paths (components/blueprint/icon-loader.ts) and how their chunks are named. */
const ICON_SOURCE = /[\\/]@blueprintjs[\\/]icons[\\/]lib[\\/]esm[\\/]generated[\\/](16|20)px[\\/]paths[\\/]/;
const ICON_CHUNK = /(^|\/)icon-(16|20)-[^/]+\.js$/;
/** The chunks the entry imports statically, always there before a lazy import runs. */
const ENTRY_LOADED = /(^|\/)(vendor-react|vendor-redux|vendor-router|rolldown-runtime)-[^/]+\.js$/;
/**
 * Chunks whose functions nearly all run while a page starts: the entry, React, the router, the store
 * and the schema library. V8 compiles them on a background thread as they stream in
 * (vite-plugins/compile-hints.ts).
 */
const EAGER_CHUNK = (chunk: { name: string; isEntry: boolean; moduleIds: readonly string[] }) =>
  chunk.isEntry || chunk.name.startsWith('vendor-') || chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]/.test(id));

export default defineConfig({
  plugins: [react(), linguiCatalogues(), lazyIconNames(), compileHints(EAGER_CHUNK), serviceWorker(), precompress()],
  resolve: {
    // The shared package's source: its main entry and its domain subpaths (`@vidyalaya/shared/auth`).
    alias: [
      { find: /^@vidyalaya\/shared$/, replacement: shared },
      { find: /^@vidyalaya\/shared\/(.+)$/, replacement: `${sharedSrc}$1/index.ts` },
      { find: /^react-router$/, replacement: reactRouter },
    ],
    // The workspace root also holds React 18 (hoisted for other packages); libraries resolved from
    // there (Blueprint, react-router, react-redux) must share the renderer's React 19, or hooks break.
    dedupe: ['react', 'react-dom'],
  },
  css: {
    // Blueprint's dark-theme rules, icon-font glyphs and the components the renderer never draws
    // (vite-plugins/drop-dark-theme.ts, drop-icon-font.ts, drop-unused-blueprint.ts).
    postcss: { plugins: [dropDarkTheme(), dropIconFont(), dropUnusedBlueprint()] },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/prerender.mjs reads it to put each pre-rendered page's stylesheets in its head.
    manifest: true,
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    target: 'es2022',
    // Every browser the app supports follows <link rel="modulepreload"> itself (Chrome 66, Firefox 115,
    // Safari 17): no polyfill in the entry.
    modulePreload: {
      polyfill: false,
      // A module's page (students, fees, … under the workspace shell) preloads only its stylesheets: its
      // scripts are mostly the shell's own, already loaded, and their lists would otherwise sit in the
      // entry every page loads (docs/performance.md).
      // An icon's paths are one small file importing only the runtime every page has: no preload
      // links at all (each link costs the main thread a resource request while the page draws).
      // The chunks every page's entry loads itself (React, the router, the store's core, the runtime) are
      // left out of the lazy imports' lists (the entry's own imports have them there before any lazy
      // import runs), never out of the HTML's.
      resolveDependencies: (filename, deps, { hostType }) =>
        ICON_CHUNK.test(filename)
          ? []
          : (MODULE_PAGE.test(filename) ? deps.filter((d) => d.endsWith('.css')) : deps).filter((d) => hostType === 'html' || !ENTRY_LOADED.test(d)),
    },
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId && MODULE_SOURCE.test(chunk.facadeModuleId)
            ? 'assets/m-[name]-[hash].js'
            : chunk.moduleIds.length === 1 && ICON_SOURCE.test(chunk.moduleIds[0]!)
              ? `assets/icon-${ICON_SOURCE.exec(chunk.moduleIds[0]!)?.[1]}-[name]-[hash].js`
              : 'assets/[name]-[hash].js',
        // Vendor chunks named by what they hold, so a deploy that changes only the app's code keeps
        // them cached, and every route shares one copy (docs/performance.md).
        codeSplitting: {
          groups: [
            { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: 'vendor-router', test: /[\\/]node_modules[\\/]react-router[\\/]/, priority: 20 },
            {
              // The start needs only react-redux (the store is the app's own, lib/store/small-store.ts); Redux
              // Toolkit, immer and RTK Query load with the first route that calls the API (lib/store/lazy-apis.ts).
              name: (id: string) => (/[\\/]node_modules[\\/](react-redux|use-sync-external-store)[\\/]/.test(id) ? 'vendor-redux' : 'vendor-rtk-query'),
              test: /[\\/]node_modules[\\/](@reduxjs|redux|immer|reselect|react-redux|use-sync-external-store|redux-thunk)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
