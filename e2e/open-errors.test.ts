// Opening documents that need attention: an encrypted PDF (password prompt, wrong password,
// right password), a damaged file (one clear sentence), and a file dropped on the window.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog } from './harness/ui.ts';

const QPDF = '/usr/bin/qpdf';

/**
 * An AES-256 encrypted PDF with user password `secret`: the project's fixture, or one made with
 * qpdf from our own PDF.
 */
function encryptedPdf(): Uint8Array | null {
  const fixture = path.join(repoRoot, 'test-fixtures/encrypted-secret.pdf');
  if (existsSync(fixture)) return new Uint8Array(readFileSync(fixture));
  if (!existsSync(QPDF)) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'memagent-e2e-enc-'));
  const plain = path.join(dir, 'plain.pdf');
  const out = path.join(dir, 'locked.pdf');
  execFileSync('/bin/sh', ['-c', 'cat > "$1"', 'sh', plain], {
    input: makeReportPdf(3, 2, 'The vault code is 4417.'),
  });
  execFileSync(QPDF, ['--encrypt', 'secret', 'owner-pass', '256', '--', plain, out]);
  return new Uint8Array(readFileSync(out));
}

describe.skipIf(!canRun)('opening documents', () => {
  const b = useBrowser();
  const locked = canRun ? encryptedPdf() : null;

  test.skipIf(!locked)(
    'an encrypted PDF asks for its password, rejects a wrong one, opens with the right one',
    async () => {
      const h = await b.open();
      const { page } = h;
      await openWithDialog(h, b.file('locked.pdf', locked!));
      const dialog = page.getByRole('dialog', { name: 'Password required' });
      await dialog.waitFor();
      await expect(dialog.textContent()).resolves.toContain('locked.pdf is encrypted');

      await dialog.getByLabel('Password').fill('guess');
      await dialog.getByRole('button', { name: 'Open' }).click();
      await dialog.getByText('That password is wrong').waitFor();

      await dialog.getByLabel('Password').fill('secret');
      await dialog.getByRole('button', { name: 'Open' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await page.getByRole('button', { name: 'Reader' }).click();
      await page.locator('.document-text .para').first().waitFor();
    },
  );

  test.skipIf(!locked)('Escape closes the password prompt without opening anything', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('locked.pdf', locked!));
    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('No documents yet').waitFor();
  });

  test('a damaged file gives one clear sentence, not a stack trace', async () => {
    const h = await b.open();
    const { page } = h;
    const bytes = makeReportPdf(2, 1, 'x');
    await openWithDialog(h, b.file('broken.pdf', bytes.subarray(0, Math.floor(bytes.length / 3))));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.locator('strong').textContent()) ?? '';
    expect(text.length).toBeGreaterThan(10);
    expect(text).not.toMatch(/at \w+ \(|\.ts:\d+/);
  });

  test('a file dropped on the window opens (its bytes cross the bridge intact)', async () => {
    const h = await b.open();
    const { page } = h;
    // The window listens for drops once the app has rendered.
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    const pdf = makeReportPdf(4, 3, 'The ferry timetable changed on the first of May.');
    await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dropped.pdf', { type: 'application/pdf' }));
      window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
      window.dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
    }, Buffer.from(pdf).toString('base64'));
    await page.getByRole('heading', { name: /Ask about Bridge committee minutes/ }).waitFor();
    await page.getByRole('button', { name: 'Library' }).click();
    const row = page.getByRole('row', { name: /dropped\.pdf/ });
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/PDF\s*4/);
    // Once opened, no "Opening…" status lingers, and the exact token count arrives.
    await page.locator('.opening').waitFor({ state: 'detached' });
    await row
      .locator('td')
      .nth(3)
      .filter({ hasText: /^\d[\d,.]*K?$/ })
      .waitFor();
  });
});
