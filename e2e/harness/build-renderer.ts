// The e2e project's globalSetup: builds the renderer the browser tests drive, once per run, so
// `npm run test:e2e` can never test a stale out/renderer (the build takes a few seconds).
import path from 'node:path';
import { build } from 'vite';
import { repoRoot } from './paths.ts';

export default async function buildRenderer(): Promise<void> {
  try {
    await build({
      configFile: path.join(repoRoot, 'renderer/vite.config.ts'),
      logLevel: 'warn',
    });
  } catch (error) {
    throw new Error(
      `The renderer build failed, so the e2e suite cannot run: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
}
