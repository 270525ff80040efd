// Renderer security that a page can prove: the CSP blocks inline script, and document text that
// looks like HTML is shown as text, never run.
import { describe, expect, test } from 'vitest';
import { canRun, useBrowser } from './harness/suite.ts';

const HOSTILE = [
  'Clause 1. <script>window.__pwned = "script"</script>',
  'Clause 2. <img src=x onerror="window.__pwned = \'img\'">',
  'Clause 3. <a href="javascript:window.__pwned=\'link\'">click</a> <b>bold?</b>',
].join('\n\n');

describe.skipIf(!canRun)('renderer security', () => {
  const b = useBrowser();

  test('the Content-Security-Policy blocks inline scripts and inline event handlers', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    const result = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        violations.push(e.violatedDirective),
      );
      const s = document.createElement('script');
      s.textContent = 'window.__inline = 1';
      document.body.append(s);
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__handler = 1');
      img.src = 'data:,not-an-image';
      document.body.append(img);
      await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => requestAnimationFrame(r));
      const w = window as unknown as { __inline?: number; __handler?: number };
      return { inline: w.__inline, handler: w.__handler, violations };
    });
    expect(result.inline).toBeUndefined();
    expect(result.handler).toBeUndefined();
    expect(result.violations.some((v) => v.startsWith('script-src'))).toBe(true);
  });

  test('document text with <script> and <img onerror> is shown as text and never runs', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    // Dropped as a plain-text file: its bytes go through documents:open-bytes.
    await page.evaluate((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'hostile.txt', { type: 'text/plain' }));
      window.dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
    }, HOSTILE);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await page.getByRole('button', { name: 'Reader' }).click();
    const reader = page.getByRole('document', { name: 'Document text' });
    await reader
      .getByText('<script>window.__pwned = "script"</script>', { exact: false })
      .waitFor();
    await reader.getByText('<img src=x onerror=', { exact: false }).waitFor();
    expect(await reader.locator('script, img, a, b').count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned),
    ).toBeUndefined();
  });
});
