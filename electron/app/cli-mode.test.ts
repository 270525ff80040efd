// The app's command mode when the built command line is missing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommandLine } from './cli-mode.ts';

describe('runCommandLine', () => {
  it('says in one sentence, with exit code 1, that the command line is not built', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-cli-mode-'));
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = ((text: string) => (written.push(text), true)) as typeof write;
    try {
      expect(await runCommandLine(['--version'], empty)).toBe(1);
    } finally {
      process.stderr.write = write;
      fs.rmSync(empty, { recursive: true, force: true });
    }
    expect(written.join('')).toMatch(
      /^memagent: this app has no built command line \(.*run\.js is missing\)\.\nhint: Run `npm run build`/,
    );
  });
});
