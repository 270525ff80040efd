// `memagent pull` and `memagent models --builtin` as a user runs them: the real CLI process
// against a real HTTP server on 127.0.0.1 standing in for Hugging Face (HF_ENDPOINT).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeGguf,
  sha256,
  startModelServer,
  type ModelServer,
} from '../core/models/model-server.test-support.ts';
import { hostileGgufs } from '../core/models/hostile-gguf.test-support.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';

let server: ModelServer;
let dataDir: string;
const env = () => ({ HF_ENDPOINT: server.url, MEMAGENT_USER_DATA_DIR: dataDir });

beforeEach(async () => {
  server = await startModelServer();
  dataDir = mkdtempSync(path.join(tmpdir(), 'memagent-cli-pull-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('memagent pull and models --builtin', () => {
  it('downloads with a progress line, lists the model, knows it has it, and removes it', async () => {
    const body = fakeGguf(3 * 1024 * 1024);
    server.files.set('/owner/repo/Tiny-Q8_0.gguf', { body, slice: 128 * 1024, delayMs: 2 });
    // A real process, end to end; the rest of the file runs the command in process.
    const pulled = await runCli(['pull', 'hf:owner/repo/Tiny-Q8_0.gguf'], env());
    expect(pulled.stderr).toContain(
      'Downloaded tiny-q8_0 (3.1 MB, hf:owner/repo/Tiny-Q8_0.gguf): size and SHA-256 match what the server published.',
    );
    // Not a terminal: plain progress lines, the last one complete.
    expect(pulled.stderr).toMatch(
      /\[#{20}\] hf:owner\/repo\/Tiny-Q8_0\.gguf · 3\.1 MB of 3\.1 MB · .*\/s · .* left\n/,
    );
    expect(pulled.stderr).not.toContain('\r');
    expect(pulled.code).toBe(0);
    const file = path.join(dataDir, 'models', 'Tiny-Q8_0.gguf');
    expect(pulled.stdout).toBe(`${file}\n`);
    expect(sha256(readFileSync(file))).toBe(sha256(body));

    // A real process, end to end; the rest of the file runs the command in process.
    const listed = await runCli(['models', '--builtin'], env());
    expect(listed.code).toBe(0);
    const [head, row] = listed.stdout.split('\n');
    expect(head).toMatch(/^ID +SIZE +SHA-256 +ADDED +SOURCE +FILE$/);
    expect(row).toMatch(
      new RegExp(
        `^tiny-q8_0 +3\\.1 MB +${sha256(body).slice(0, 12)} ✓ +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d +hf:owner/repo/Tiny-Q8_0\\.gguf +${file}$`,
      ),
    );
    const json = JSON.parse(
      (await runCliInProcess(['models', '--builtin', '--json'], env())).stdout,
    );
    expect(json.models).toEqual([
      expect.objectContaining({
        id: 'tiny-q8_0',
        sha256: sha256(body),
        sha256Verified: true,
        missing: false,
      }),
    ]);

    const again = await runCliInProcess(['pull', 'hf:owner/repo/Tiny-Q8_0.gguf'], env());
    expect(again.stderr).toContain(
      'tiny-q8_0 is already on this computer (3.1 MB); --force downloads it again.',
    );

    const removed = await runCliInProcess(['models', '--builtin', '--remove', 'tiny-q8_0'], env());
    expect(removed.stderr).toBe(`Removed tiny-q8_0 and deleted ${file} (3.1 MB).\n`);
    expect(existsSync(file)).toBe(false);
  });

  it('Ctrl-C pauses the download and the next pull continues from the bytes saved', async () => {
    const body = fakeGguf(4 * 1024 * 1024);
    server.files.set('/owner/repo/Slow.gguf', { body, slice: 64 * 1024, delayMs: 25 });
    let interrupted = false;
    const paused = await runCli(['pull', 'hf:owner/repo/Slow.gguf'], env(), (stderr, kill) => {
      // One Ctrl-C, once a line shows bytes received (a second one would quit at once).
      if (interrupted) return;
      if (
        /\d+(\.\d)? (KB|MB) of 4\.2 MB/.test(stderr) &&
        /[1-9]\d*(\.\d)? (KB|MB) of/.test(stderr)
      ) {
        interrupted = true;
        kill('SIGINT');
      }
    });
    expect(paused.code).toBe(130);
    expect(paused.stderr).toMatch(
      /memagent: download paused at .* of 4\.2 MB; `memagent pull hf:owner\/repo\/Slow\.gguf` continues it\.\n$/,
    );
    expect(existsSync(path.join(dataDir, 'models', 'Slow.gguf.part'))).toBe(true);

    const resumed = await runCliInProcess(['pull', 'hf:owner/repo/Slow.gguf', '--json'], env());
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/Continuing from \d/);
    expect(JSON.parse(resumed.stdout)).toMatchObject({
      id: 'slow',
      sha256: sha256(body),
      sha256Verified: true,
      downloaded: true,
    });
    const ranges = server.requests.filter((r) => r.path.startsWith('/cdn')).map((r) => r.range);
    expect(ranges[0]).toBeUndefined();
    expect(ranges.at(-1)).toMatch(/^bytes=[1-9]\d*-$/);
  });

  it('adds a GGUF file by reference, refuses another file in one sentence, and forgets without deleting', async () => {
    const file = path.join(dataDir, 'My Model.gguf');
    writeFileSync(file, fakeGguf(5000));
    const added = await runCliInProcess(['models', '--builtin', '--add', file], env());
    expect(added.stderr).toBe(
      `Added my-model (5.0 KB) by reference: the file stays at ${file} and is not copied.\n`,
    );
    const listed = await runCliInProcess(['models', '--builtin'], env());
    expect(listed.stdout.split('\n')[1]).toMatch(
      /^my-model +5\.0 KB +[0-9a-f]{12} +\S+ \S+ +added from disk +/,
    );
    const other = path.join(dataDir, 'notes.gguf');
    writeFileSync(other, 'just some text');
    const refused = await runCliInProcess(['models', '--builtin', '--add', other], env());
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(
      /^memagent: \S+\/notes\.gguf is not a GGUF model file: it does not start with the GGUF signature\.\nhint: /,
    );
    const removed = await runCliInProcess(['models', '--builtin', '--remove', 'my-model'], env());
    expect(removed.stderr).toContain('its file was added from elsewhere and is left where it is');
    expect(existsSync(file)).toBe(true);
  });

  it('refuses to add a GGUF file whose vocabulary is empty, in one sentence, exit 3', async () => {
    const file = path.join(dataDir, 'empty-vocabulary.gguf');
    writeFileSync(file, hostileGgufs().find((h) => h.kind === 'a vocabulary of 0 tokens')!.bytes);
    const refused = await runCliInProcess(['models', '--builtin', '--add', file], env());
    expect(refused.code).toBe(3);
    expect(refused.stderr).toBe(
      `memagent: The model file ${file} is damaged: its vocabulary (tokenizer.ggml.tokens) is empty.\nhint: Download or convert the model file again, or choose another one.\n`,
    );
    const listed = await runCliInProcess(['models', '--builtin', '--json'], env());
    expect(JSON.parse(listed.stdout).models).toEqual([]);
  });

  it('says a gated model needs a token, without ever printing the token', async () => {
    server.files.set('/owner/gated/G.gguf', { body: fakeGguf(1000), status: 403 });
    const result = await runCliInProcess(['pull', 'hf:owner/gated/G.gguf', '--debug'], {
      ...env(),
      HF_TOKEN: 'hf_verysecrettoken',
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(
      /^memagent: 127\.0\.0\.1:\d+ refused the Hugging Face token for this file \(HTTP 403\)\.\nhint: Accept the model's licence/,
    );
    expect(result.stderr).not.toContain('hf_verysecrettoken');
    const missing = await runCliInProcess(['pull', 'hf:owner/repo/None.gguf'], env());
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(
      /^memagent: There is no file at http:\/\/127\.0\.0\.1:\d+\/owner\/repo\/resolve\/main\/None\.gguf \(HTTP 404\)\./,
    );
  });
});
