import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { linguiCatalogues } from '../web/vite-lingui-catalogues';
import { lazyIconNames } from '../web/vite-plugins/lazy-icon-names';

const here = __dirname;
const web = resolve(here, '../web');
// The shared package's source: its main entry and its domain subpaths (`@vidyalaya/shared/auth`).
const alias = [
  { find: /^@vidyalaya\/shared$/, replacement: resolve(here, '../shared/src/index.ts') },
  { find: /^@vidyalaya\/shared\/(.+)$/, replacement: `${resolve(here, '../shared/src')}/$1/index.ts` },
];

/**
 * Three bundles into desktop/out: the main process (CommonJS; electron-store is ESM-only, so it is
 * bundled in, while @napi-rs/keyring stays external as a native module), the preload (one CommonJS
 * file with everything inlined, as the sandbox requires) and the renderer: the web app's code with
 * its desktop entry (web/desktop.html → src/main.desktop.tsx), the only entry carrying the staff
 * screens. Relative asset paths, so the same files load from app://vidyalaya/ and in the tests.
 */
export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: resolve(here, 'out/main'),
      target: 'node24',
      externalizeDeps: { exclude: ['electron-store'] },
      rollupOptions: { input: { index: resolve(here, 'src/main/index.ts') } },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: resolve(here, 'out/preload'),
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(here, 'src/preload/index.ts') },
        external: ['electron'],
        // The preload needs only the channel names: the zod schemas beside them stay out of it.
        treeshake: { manualPureFunctions: ['z'] },
        output: { format: 'cjs', entryFileNames: '[name].js', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: web,
    base: './',
    plugins: [react(), linguiCatalogues(), lazyIconNames()],
    // As web/vite.config.ts: one React (web's 19) for the renderer and every library it uses, not
    // the React 18 that other packages hoist to the workspace root. Resolved from `root` (web/).
    resolve: { alias, dedupe: ['react', 'react-dom'] },
    build: {
      outDir: resolve(here, 'out/renderer'),
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 600,
      rollupOptions: { input: { desktop: resolve(web, 'desktop.html') } },
    },
  },
});
