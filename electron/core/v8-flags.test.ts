// Every place that starts a long-job process passes LONG_JOB_V8_FLAGS on its command line (the
// only place V8 reads them), so the CLI users run is the one the benchmark measured.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LONG_JOB_V8_FLAGS } from './v8-flags.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('LONG_JOB_V8_FLAGS', () => {
  it('is what `npm run memagent` starts node with', () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.memagent).toBe(`node ${LONG_JOB_V8_FLAGS.join(' ')} electron/cli/main.ts`);
  });
});
