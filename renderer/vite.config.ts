import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Builds the renderer to out/renderer. `base: './'` keeps asset URLs relative so the packaged
// app can load index.html over file:// as well as from the e2e harness's static server.
// (Paths are plain strings: this file sits under renderer/, whose lint rules forbid Node imports.)
export default defineConfig({
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
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
