// Paths that are not documents: a named pipe nobody writes to, a symbolic link loop, a dangling
// link, a name too long for the file system. Each must end the real `memagent` promptly with its
// own sentence (a FIFO used to hang it in a libuv thread that neither Ctrl-C nor SIGTERM stopped).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCli, type StartedCli } from './cli.test-support.ts';

let dir: string;
const started: StartedCli[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-paths-'));
});
// A CLI still hanging when its test failed must not outlive the test run.
afterEach(() => {
  for (const cli of started.splice(0)) cli.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const cli = startCli(args);
  started.push(cli);
  return cli.result;
}

describe.runIf(process.platform !== 'win32')('memagent on a path that is not a document', () => {
  it('refuses a named pipe with no writer at once (extract, ask, import)', async () => {
    const fifo = path.join(dir, 'pipe.pdf');
    execFileSync('mkfifo', [fifo]);
    const sentence = `memagent: ${fifo} is not a file.\n`;
    const extract = await run(['extract', fifo]);
    expect(extract.stderr).toContain(sentence);
    expect(extract.code).toBe(3);
    const ask = await run(['ask', fifo, '-q', 'What?', '--dry-run']);
    expect(ask.stderr).toContain(sentence);
    expect(ask.code).toBe(3);
    const saved = await run(['ask', fifo, '-q', 'What?', '--db', path.join(dir, 'lib.db')]);
    expect(saved.stderr).toContain(sentence);
    expect(saved.code).toBe(3);
    const imported = await run(['import', fifo, '--db', path.join(dir, 'lib.db')]);
    expect(imported.stderr).toContain(`memagent: ${fifo} is not a file.\n`);
    expect(imported.code).toBe(3);
  }, 120_000);

  it('names a symbolic link loop, a dangling link and a name too long', async () => {
    const a = path.join(dir, 'loop-a.pdf');
    const b = path.join(dir, 'loop-b.pdf');
    symlinkSync(b, a);
    symlinkSync(a, b);
    const loop = await run(['extract', a]);
    expect(loop.stderr).toContain(
      `memagent: The file ${a} cannot be opened: it is a symbolic link loop`,
    );
    expect(loop.code).toBe(3);

    const dangling = path.join(dir, 'dangling.pdf');
    const target = path.join(dir, 'moved-away.pdf');
    symlinkSync(target, dangling);
    const gone = await run(['extract', dangling]);
    expect(gone.stderr).toContain(
      `memagent: The file ${dangling} is a symbolic link to ${target}, which does not exist.\n`,
    );

    const long = path.join(dir, `${'a'.repeat(300)}.pdf`);
    const tooLong = await run(['extract', long]);
    expect(tooLong.stderr).toMatch(
      /memagent: The file name .+ is too long for the file system\.\n/,
    );
    expect(tooLong.code).toBe(3);

    const missing = await run(['extract', path.join(dir, 'missing.pdf')]);
    expect(missing.stderr).toContain(
      `memagent: The file ${path.join(dir, 'missing.pdf')} does not exist.\n`,
    );
  }, 120_000);
});
