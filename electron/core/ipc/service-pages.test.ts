import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RenderedPage, TextRect } from '../../../shared/api.ts';
import { pageToFrame } from '../../../shared/page-frame.ts';
import { corpusDir, fixture } from '../documents/test-support.ts';
import { startHarness, type Harness } from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const gpl = path.join(corpusDir, 'gpl-3.0.pdf');
// §8 of the GPL: the cure period, on page 7 of the corpus PDF.
const CURE = 'you cure the violation prior to 30 days after your receipt of the notice.';

/** Share of dark pixels (any channel under 160) of `page` inside `rect` (drawn frame). */
function inkIn(page: RenderedPage, rect: TextRect): number {
  const f = pageToFrame(rect, page.box, page.rotation, page.scale);
  let dark = 0;
  let all = 0;
  for (let y = Math.floor(f.top); y < Math.ceil(f.top + f.height); y++) {
    for (let x = Math.floor(f.left); x < Math.ceil(f.left + f.width); x++) {
      const i = (y * page.width + x) * 4;
      all++;
      if (Math.min(page.rgba[i] ?? 255, page.rgba[i + 1] ?? 255, page.rgba[i + 2] ?? 255) < 160)
        dark++;
    }
  }
  return dark / Math.max(1, all);
}

describe('the page view calls', () => {
  it('finds a sentence of the GPL on page 7 and draws that page with ink under its boxes', async () => {
    h = await startHarness();
    const info = await h.ok('documents:open', { path: gpl });
    const { document } = await h.ok('documents:get', { documentId: info.id });
    // The sentence as extracted (its line breaks kept).
    const found = new RegExp(CURE.replace(/[.]/g, '\\.').replace(/ /g, '\\s+')).exec(document.text);
    const at = found?.index ?? -1;
    const end = at + (found?.[0].length ?? 0);
    expect(at).toBeGreaterThan(0);
    const page7 = document.pages?.[6];
    expect(page7 && at >= page7.start && end <= page7.end).toBe(true);

    const rects = await h.ok('documents:text-rects', { documentId: info.id, start: at, end });
    expect(rects.length).toBeGreaterThanOrEqual(1);
    expect(rects.length).toBeLessThanOrEqual(3);
    const page = await h.ok('documents:render-page', { documentId: info.id, page: 7, scale: 1 });
    expect(page).toMatchObject({ page: 7, scale: 1, rotation: 0 });
    const [x0, y0, x1, y1] = page.box;
    expect([page.width, page.height]).toEqual([Math.round(x1 - x0), Math.round(y1 - y0)]);
    expect(page.rgba.length).toBe(page.width * page.height * 4);
    for (const r of rects) {
      expect(r.page).toBe(7);
      expect(r.x0).toBeGreaterThanOrEqual(x0);
      expect(r.x1).toBeLessThanOrEqual(x1);
      expect(r.y0).toBeGreaterThanOrEqual(y0);
      expect(r.y1).toBeLessThanOrEqual(y1);
      expect(r.x1 - r.x0).toBeGreaterThan(20);
      // Text is drawn there: a line of 10-point type inks a tenth or more of its box.
      expect(inkIn(page, r)).toBeGreaterThan(0.08);
    }
    // The top margin is paper.
    expect(inkIn(page, { page: 7, x0: x0 + 10, x1: x1 - 10, y0: y1 - 30, y1: y1 - 5 })).toBe(0);

    // The text's explicit key gives the same boxes; past the last page is a clear error.
    expect(
      await h.ok('documents:text-rects', { documentId: info.id, textKey: info.id, start: at, end }),
    ).toEqual(rects);
    expect(
      await h.call('documents:render-page', { documentId: info.id, page: 99, scale: 1 }),
    ).toMatchObject({ ok: false, error: { kind: 'NotFound', hint: 'It has 11 pages.' } });
  });

  it('answers many pages asked at once each with its own page, and draws a PDF again after two others were viewed', async () => {
    h = await startHarness();
    const gplInfo = await h.ok('documents:open', { path: gpl });
    const others = await Promise.all(
      ['contract.pdf', 'owner-only.pdf'].map((name) =>
        h!.ok('documents:open', { path: fixture(name) }),
      ),
    );
    const drawn = await Promise.all(
      [11, 3, 7, 1].map((page) =>
        h!.ok('documents:render-page', { documentId: gplInfo.id, page, scale: 0.25 }),
      ),
    );
    expect(drawn.map((d) => d.page)).toEqual([11, 3, 7, 1]);
    // Pages differ (page 11 is half empty): each answer is its page's pixels.
    const ink = (d: RenderedPage) => d.rgba.reduce((n, v) => n + (v < 128 ? 1 : 0), 0);
    expect(new Set(drawn.map(ink)).size).toBe(4);
    // Two more PDFs viewed (two stay open, so the GPL's closes): the GPL is opened again.
    for (const other of others)
      await h.ok('documents:render-page', { documentId: other.id, page: 1, scale: 0.25 });
    const again = await h.ok('documents:render-page', {
      documentId: gplInfo.id,
      page: 7,
      scale: 0.25,
    });
    expect(again.rgba).toEqual(drawn[2]?.rgba);
  });

  it('gives no boxes for a format without pages and refuses to draw it', async () => {
    h = await startHarness();
    const info = await h.ok('documents:open', { path: path.join(corpusDir, 'gpl-3.0.docx') });
    expect(await h.ok('documents:text-rects', { documentId: info.id, start: 0, end: 200 })).toEqual(
      [],
    );
    expect(
      await h.call('documents:render-page', { documentId: info.id, page: 1, scale: 1 }),
    ).toMatchObject({ ok: false, error: { kind: 'BadUsage' } });
  });

  it('says an encrypted PDF needs its password for the page view, its text still there', async () => {
    h = await startHarness();
    const info = await h.ok('documents:open', {
      path: fixture('encrypted-secret.pdf'),
      password: 'secret',
    });
    expect(
      await h.call('documents:render-page', { documentId: info.id, page: 1, scale: 1 }),
    ).toEqual({
      ok: false,
      error: {
        kind: 'PasswordRequired',
        message: 'This PDF is protected by a password, so its pages cannot be drawn here.',
        hint: 'The Text view still shows its text; the password is not kept after opening.',
      },
    });
    expect(
      (await h.ok('documents:text-rects', { documentId: info.id, start: 0, end: 10 })).length,
    ).toBeGreaterThan(0);
  });

  it('says the file changed, and to open it again, when its bytes are no longer the document', async () => {
    h = await startHarness();
    const file = path.join(h.dir, 'gpl.pdf');
    fs.copyFileSync(gpl, file);
    const info = await h.ok('documents:open', { path: file });
    fs.appendFileSync(file, '\n% edited\n');
    expect(
      await h.call('documents:render-page', { documentId: info.id, page: 1, scale: 1 }),
    ).toEqual({
      ok: false,
      error: {
        kind: 'NotFound',
        message:
          'The file gpl.pdf has changed or moved since it was opened, so its pages cannot be drawn.',
        hint: 'Open the file again; the Text view still shows its text.',
      },
    });
    // The text is still there for the Text view and the boxes.
    expect(
      await h.ok('documents:text-rects', { documentId: info.id, start: 0, end: 40 }),
    ).not.toEqual([]);
    // Removing the document closes its page worker; it is no longer in the library.
    fs.copyFileSync(gpl, file);
    await h.ok('documents:render-page', { documentId: info.id, page: 1, scale: 0.5 });
    await h.ok('documents:remove', { documentId: info.id });
    expect(
      await h.call('documents:render-page', { documentId: info.id, page: 1, scale: 0.5 }),
    ).toMatchObject({ ok: false, error: { kind: 'NotFound' } });
  });
});
