import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { tinyGguf } from '../llm/builtin/tiny-gguf.test-support.ts';
import { ModelDownload, type DownloadEvent, type DownloadOptions } from './download.ts';
import {
  fakeGguf,
  sha256,
  startModelServer,
  type ModelServer,
} from './model-server.test-support.ts';

const MB = 1024 * 1024;
let server: ModelServer;
let dir: string;

beforeEach(async () => {
  server = await startModelServer();
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-download-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function serve(name: string, served: Parameters<ModelServer['files']['set']>[1]): string {
  server.files.set(`/owner/repo/${name}`, served);
  return `${server.url}/owner/repo/resolve/main/${name}`;
}

function download(url: string, extra: Partial<DownloadOptions> = {}) {
  const events: DownloadEvent[] = [];
  const dest = path.join(dir, 'model.gguf');
  const d = new ModelDownload({
    url,
    dest,
    retryDelayMs: 0,
    onEvent: (e) => events.push(e),
    ...extra,
  });
  return { d, dest, events };
}

async function failure(p: Promise<unknown>): Promise<CoreError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('expected the download to fail');
}

const cdnRanges = () =>
  server.requests.filter((r) => r.path.startsWith('/cdn')).map((r) => r.range);
const leftovers = () =>
  ['model.gguf', 'model.gguf.part', 'model.gguf.part.json'].filter((f) =>
    existsSync(path.join(dir, f)),
  );

describe('ModelDownload', () => {
  it('downloads through the redirect, verifies size and SHA-256 as published, and keeps the token off the CDN', async () => {
    const body = fakeGguf(3 * MB);
    const url = serve('a.gguf', { body });
    const { d, dest, events } = download(url, { headers: { authorization: 'Bearer hf_secret' } });
    const result = await d.start();
    expect(readFileSync(dest).equals(body)).toBe(true);
    expect(result).toMatchObject({
      bytes: body.length,
      sha256: sha256(body),
      sizeVerified: true,
      sha256Verified: true,
      commit: 'c0ffee',
    });
    expect(leftovers()).toEqual(['model.gguf']);
    // The hub got the token; the CDN (another origin) did not.
    expect(server.requests.map((r) => [r.path.startsWith('/cdn'), r.authorization])).toEqual([
      [false, 'Bearer hf_secret'],
      [true, undefined],
    ]);
    const last = events.filter((e) => e.type === 'progress').at(-1);
    expect(last).toMatchObject({ progress: { received: body.length, total: body.length } });
  });

  it('continues with Range from the byte where the server closed the connection', async () => {
    const body = fakeGguf(2 * MB);
    const url = serve('a.gguf', { body, dropAfter: 700_000 });
    const { d, dest, events } = download(url);
    await d.start();
    expect(readFileSync(dest).equals(body)).toBe(true);
    // Bytes the client had not read when the connection closed are lost: it asks from what it saved.
    const retry = events.find((e) => e.type === 'retrying');
    const saved = retry?.type === 'retrying' ? retry.received : -1;
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThanOrEqual(700_000);
    expect(cdnRanges()).toEqual([undefined, `bytes=${saved}-`]);
  });

  it('continues after a restart: a new downloader reads the part and its state and asks for the rest', async () => {
    const body = fakeGguf(2 * MB);
    const url = serve('a.gguf', { body, dropAfter: 1_000_000 });
    const first = download(url, { retries: 0 });
    const error = await failure(first.d.start());
    expect(error.message).toMatch(/closed after|broke/);
    expect(leftovers()).toEqual(['model.gguf.part', 'model.gguf.part.json']);

    const saved = statSync(`${first.dest}.part`).size;
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThanOrEqual(1_000_000);

    const second = download(url);
    await second.d.start();
    expect(readFileSync(second.dest).equals(body)).toBe(true);
    expect(cdnRanges()).toEqual([undefined, `bytes=${saved}-`]);
    expect(second.events).toContainEqual({ type: 'rehashing', bytes: saved });
    expect(second.events).toContainEqual(
      expect.objectContaining({ type: 'started', resumedFrom: saved }),
    );
  });

  it('pauses on abort keeping the part, and the next start continues it', async () => {
    const body = fakeGguf(4 * MB);
    const url = serve('a.gguf', { body, slice: 64 * 1024, delayMs: 5 });
    const controller = new AbortController();
    const first = download(url, {
      onEvent: (e) => {
        if (e.type === 'progress' && e.progress.received > MB) controller.abort();
      },
    });
    const error = await failure(first.d.start(controller.signal));
    expect(error.kind).toBe('Cancelled');
    expect(error.message).toMatch(/paused/);
    expect(leftovers()).toEqual(['model.gguf.part', 'model.gguf.part.json']);
    const second = download(url);
    await second.d.start();
    expect(readFileSync(second.dest).equals(body)).toBe(true);
    const resumedAt = Number(/bytes=(\d+)-/.exec(cdnRanges()[1] ?? '')?.[1]);
    expect(resumedAt).toBeGreaterThan(MB);
  });

  it('starts again from zero, and says so, when the server ignores Range', async () => {
    const body = fakeGguf(2 * MB);
    const url = serve('a.gguf', { body, dropAfter: 500_000, ignoreRange: true });
    const { d, dest, events } = download(url);
    const result = await d.start();
    expect(readFileSync(dest).equals(body)).toBe(true);
    expect(result.sha256Verified).toBe(true);
    expect(cdnRanges()).toEqual([undefined, expect.stringMatching(/^bytes=[1-9]\d*-$/)]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'restarted',
        reason: expect.stringMatching(/whole file .* starting again from zero/),
      }),
    );
  });

  it('removes a file whose SHA-256 differs from the published one, and says so', async () => {
    const url = serve('a.gguf', { body: fakeGguf(MB), publishedSha: 'a'.repeat(64) });
    const { d } = download(url);
    const error = await failure(d.start());
    expect(error.kind).toBe('Damaged');
    expect(error.message).toBe(
      'The downloaded model.gguf does not match its published SHA-256 checksum, so it was removed.',
    );
    expect(leftovers()).toEqual([]);
  });

  it('says there is no such file on a 404, and that a token is needed on a 403', async () => {
    const missing = await failure(
      download(`${server.url}/owner/repo/resolve/main/none.gguf`).d.start(),
    );
    expect(missing.kind).toBe('NotFound');
    expect(missing.message).toMatch(/There is no file at .*none\.gguf \(HTTP 404\)/);
    const gated = await failure(
      download(serve('g.gguf', { body: fakeGguf(1000), status: 403 })).d.start(),
    );
    expect(gated.kind).toBe('BackendRejected');
    expect(gated.message).toMatch(/needs a Hugging Face token .* gated or private/);
    expect(gated.hint).toMatch(/HF_TOKEN/);
    expect(leftovers()).toEqual([]);
  });

  it('gives up on a server that stops sending, keeping the part to resume', async () => {
    const url = serve('a.gguf', { body: fakeGguf(MB), stallAfter: 300_000 });
    const { d } = download(url, { stallMs: 300, retries: 0 });
    const error = await failure(d.start());
    expect(error.kind).toBe('BackendFailed');
    expect(error.message).toMatch(
      /^The download stalled: 127\.0\.0\.1:\d+ sent nothing for 0\.3 s\.$/,
    );
    expect(leftovers()).toEqual(['model.gguf.part', 'model.gguf.part.json']);
  });

  it('refuses before the first byte when the disk has too little space', async () => {
    const url = serve('a.gguf', { body: fakeGguf(MB) });
    const { d } = download(url, { freeBytes: async () => 10_000_000 });
    const error = await failure(d.start());
    expect(error.kind).toBe('LibraryUnavailable');
    expect(error.message).toMatch(
      /^Not enough disk space for the model: it needs 1\.0 MB more, and the disk holding .* has 10\.0 MB free\.$/,
    );
    expect(leftovers()).toEqual([]);
  });

  it.skipIf(process.platform !== 'linux')(
    'says the disk filled up when a write fails with ENOSPC (/dev/full)',
    async () => {
      const url = serve('a.gguf', { body: fakeGguf(MB) });
      const { d, dest } = download(url);
      symlinkSync('/dev/full', `${dest}.part`);
      const error = await failure(d.start());
      expect(error.kind).toBe('LibraryUnavailable');
      expect(error.message).toMatch(/filled up during the download/);
    },
  );

  it('refuses a file that is not GGUF at its first bytes and removes what was saved', async () => {
    const page = Buffer.concat([
      Buffer.from('<!doctype html><title>Sign in</title>'),
      Buffer.alloc(2 * MB, 32),
    ]);
    const url = serve('a.gguf', {
      body: page,
      contentType: 'text/html',
      slice: 64 * 1024,
      delayMs: 2,
    });
    const { d, events } = download(url);
    const error = await failure(d.start());
    expect(error.kind).toBe('Unsupported');
    expect(error.message).toBe(
      'a.gguf is not a GGUF model file: it does not start with the GGUF signature (it looks like a web page).',
    );
    expect(leftovers()).toEqual([]);
    // Aborted at the start, not after the whole body.
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.every((e) => e.type === 'progress' && e.progress.received < MB)).toBe(true);
  });

  it('refuses a download whose GGUF header does not hold together, and removes it', async () => {
    const url = serve('a.gguf', {
      body: tinyGguf({ metadata: { 'llama.block_count': { type: 'u32', value: 1e9 } } }),
    });
    const error = await failure(download(url).d.start());
    expect(error.kind).toBe('Damaged');
    expect(error.message).toBe(
      'The downloaded model.gguf is damaged: it declares 1,000,000,000 layers, so it was removed.',
    );
    expect(leftovers()).toEqual([]);
  });

  it('cancel stops and removes the partial files', async () => {
    const url = serve('a.gguf', { body: fakeGguf(4 * MB), slice: 64 * 1024, delayMs: 5 });
    const started = download(url, {
      onEvent: (e) => {
        if (e.type === 'progress' && e.progress.received > MB) void started.d.cancel();
      },
    });
    const { d } = started;
    const error = await failure(d.start());
    expect(error.kind).toBe('Cancelled');
    expect(error.message).toMatch(/cancelled and its partial file removed/);
    await d.cancel();
    expect(leftovers()).toEqual([]);
  });

  it("refuses a second download of the same file while one runs, and takes over a dead one's lock", async () => {
    const url = serve('a.gguf', { body: fakeGguf(MB) });
    const { d, dest } = download(url);
    writeFileSync(`${dest}.part.lock`, String(process.pid));
    const busy = await failure(d.start());
    expect(busy.message).toBe('model.gguf is already being downloaded here.');
    // No process has this pid (above Linux's pid_max): the lock is stale.
    writeFileSync(`${dest}.part.lock`, '99999999');
    await download(url).d.start();
    expect(leftovers()).toEqual(['model.gguf']);
    expect(existsSync(`${dest}.part.lock`)).toBe(false);
  });

  it('says the server cannot be reached when nothing listens', async () => {
    const url = serve('a.gguf', { body: fakeGguf(1000) });
    await server.close();
    const error = await failure(download(url).d.start());
    expect(error.kind).toBe('BackendUnavailable');
    expect(error.message).toMatch(/refused the connection/);
    server = await startModelServer();
  });
});
