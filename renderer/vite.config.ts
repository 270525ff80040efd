import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Builds the renderer to out/renderer. `base: './'` keeps asset URLs relative so the packaged
// app can load index.html over file:// as well as from the e2e harness's static server.
// Build tooling under Node (tsconfig.node.json), not renderer code: only renderer/src is the app.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: false,
    // No inline <script> or module preload polyfill: the CSP allows scripts only from 'self'.
    modulePreload: { polyfill: false },
  },
});
