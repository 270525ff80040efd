// `documents:rendered-html` through the real service: an HTML file with hostile content comes
// back inert with its blocks placed in the text; plain text has no rendering.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './service-harness.test-support.ts';

describe('documents:rendered-html', () => {
  let h: Harness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  it('renders HTML sanitized, its paragraphs carrying the offsets of their text', async () => {
    h = await startHarness();
    const file = path.join(h.dir, 'hostile.html');
    fs.writeFileSync(
      file,
      '<html><head><title>Terms</title><script>alert(1)</script></head><body>' +
        '<h1 onclick="alert(2)">Terms of use</h1>' +
        '<p>First clause.<img src="https://evil.example/p.png" onerror="alert(3)"></p>' +
        '<p><a href="javascript:alert(4)">The cure period is thirty days.</a></p>' +
        '<iframe src="https://evil.example"></iframe><svg><script>alert(5)</script></svg>' +
        '<p style="background:url(https://evil.example/b)">Last clause.</p></body></html>',
    );
    const info = await h.ok('documents:open', { path: file });
    const { document } = await h.ok('documents:get', { documentId: info.id });
    const html = await h.ok('documents:rendered-html', { documentId: info.id });
    expect(html).not.toBeNull();
    for (const bad of ['script', 'alert', 'evil', 'onclick', 'onerror', 'href', 'style', '<img'])
      expect(html, bad).not.toContain(bad);
    const cure = /<p data-start="(\d+)" data-end="(\d+)"><span>The cure period/.exec(html!);
    expect(cure).not.toBeNull();
    expect(document.text.slice(Number(cure![1]), Number(cure![2]))).toBe(
      'The cure period is thirty days.',
    );
  });

  it('says why there is no document view for a document opened without a file', async () => {
    h = await startHarness();
    const data = new TextEncoder().encode('<html><body><p>Dropped in.</p></body></html>');
    const info = await h.ok('documents:open-bytes', { name: 'dropped.html', data });
    expect(await h.call('documents:rendered-html', { documentId: info.id })).toMatchObject({
      ok: false,
      error: { kind: 'NotFound', message: expect.stringMatching(/opened without one/) },
    });
  });

  it('is null for plain text', async () => {
    h = await startHarness();
    const file = path.join(h.dir, 'notes.txt');
    fs.writeFileSync(file, 'Just words.\n');
    const info = await h.ok('documents:open', { path: file });
    await expect(h.ok('documents:rendered-html', { documentId: info.id })).resolves.toBeNull();
  });
});
