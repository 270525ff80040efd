import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { META_CONTENT_SECURITY_POLICY } from '../shared/content-security-policy.ts';

const CSP_PLACEHOLDER = '%MEMAGENT_CONTENT_SECURITY_POLICY%';

/**
 * Writes the app's CSP (shared/content-security-policy.ts, the same policy main sends as a
 * header) into index.html's meta tag, so the two cannot drift. A missing placeholder fails the
 * build rather than shipping a page without its policy.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'memagent-content-security-policy',
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (html.split(CSP_PLACEHOLDER).length !== 2)
          throw new Error(`renderer/index.html must contain ${CSP_PLACEHOLDER} exactly once.`);
        return html.replace(CSP_PLACEHOLDER, () => META_CONTENT_SECURITY_POLICY);
      },
    },
  };
}

// Builds the renderer to out/renderer. `base: './'` keeps asset URLs relative so the packaged
// app can load index.html over file:// as well as from the e2e harness's static server.
// Build tooling under Node (tsconfig.node.json), not renderer code: only renderer/src is the app.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [contentSecurityPolicy(), react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'es2023',
    sourcemap: false,
    // No inline <script> or module preload polyfill: the CSP allows scripts only from 'self'.
    modulePreload: { polyfill: false },
  },
});
