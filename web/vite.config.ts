import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const shared = fileURLToPath(new URL('../shared/src/index.ts', import.meta.url));

/**
 * The public web build. The desktop build reuses this renderer through desktop/electron.vite.config.ts
 * with its own entry (src/main.desktop.tsx), which is the only one that carries the staff screens.
 */
export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@vidyalaya/shared': shared },
    // The workspace root also holds React 18 (hoisted for other packages); libraries resolved from
    // there (Blueprint, react-router, react-redux) must share the renderer's React 19, or hooks break.
    dedupe: ['react', 'react-dom'],
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
});
