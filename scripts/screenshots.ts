// `npm run screenshots`: refreshes docs/screenshots/ (the user guide's pictures) by running the
// screenshot walk-through of the e2e suite (and the PDF page view's) with its output pointed there. `npm test` runs the same
// walk-through but writes to out/screenshots/, so a test run never changes tracked files.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { chromiumAvailable, CHROMIUM } from '../e2e/harness/browser.ts';
import { corpusMissing } from '../e2e/harness/corpus.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

if (!chromiumAvailable()) {
  // The walk-through would report itself skipped and leave the old pictures in place.
  console.error(`No Chromium at ${CHROMIUM}: install Debian's chromium (or set CHROMIUM_PATH).`);
  process.exit(1);
}
const missing = corpusMissing();
if (missing) {
  // The walk reads the shared corpus (never committed); without it, it skips itself too.
  console.error(`Cannot take the user guide's screenshots: ${missing}.`);
  process.exit(1);
}
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'e2e',
    'e2e/screenshots.test.ts',
    // The original-page view with a highlight on the 1,151-page corpus book.
    'e2e/page-view.test.ts',
    ...process.argv.slice(2),
  ],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, MEMAGENT_SCREENSHOTS_DIR: path.join(repoRoot, 'docs/screenshots') },
  },
);
if (result.error) throw result.error;
process.exit(result.status ?? 1);
