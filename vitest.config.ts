import { defineConfig } from 'vitest/config';

// Two projects, one run, one summary: `unit` (core, CLI, simulator and the renderer's pure
// logic under Node) and `e2e` (the Vite-built renderer in Debian's Chromium, and the Electron
// smoke suite where the binary exists).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'electron/**/*.test.ts',
            'shared/**/*.test.ts',
            'renderer/**/*.test.ts',
            'sim/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // Builds the renderer first: the browser tests never drive a stale build.
          globalSetup: ['e2e/harness/build-renderer.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
