// Renderer security that a page can prove: the page carries the app's CSP (header and meta, from
// shared/content-security-policy.ts) and it blocks inline script and eval; calls go through the
// app's dispatcher, which refuses paths the user did not choose; document text that looks like
// HTML is shown as text, never run.
import { describe, expect, test } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  META_CONTENT_SECURITY_POLICY,
} from '../shared/content-security-policy.ts';
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

  test('the page is served with the app’s CSP header and meta policy, and eval is blocked', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    const response = await page.reload();
    expect(response?.headers()['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    expect(
      await page
        .locator('meta[http-equiv="Content-Security-Policy"]')
        .evaluateAll((metas) => metas.map((m) => m.getAttribute('content'))),
    ).toEqual([META_CONTENT_SECURITY_POLICY]);
    // Code Playwright evaluates is exempt from the page's CSP, so eval is tried by a script of
    // the page's own origin (routed by the test), as the app's own code would try it.
    await page.route('**/e2e-eval-probe.js', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `
          const attempt = (run) => {
            try { run(); return 'ran'; } catch (error) { return error.name; }
          };
          window.__evalProbe = {
            eval: attempt(() => (0, eval)('1 + 1')),
            function: attempt(() => new Function('return 1')),
          };`,
      }),
    );
    const result = await page.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const script = document.createElement('script');
          script.src = './e2e-eval-probe.js';
          script.onload = () =>
            resolve((window as unknown as { __evalProbe: unknown }).__evalProbe);
          script.onerror = () => reject(new Error('the probe script did not load'));
          document.head.append(script);
        }),
    );
    expect(result).toEqual({ eval: 'EvalError', function: 'EvalError' });
  });

  test('window.memagent cannot open a file the user did not choose in the Open dialog', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    const file = b.file('chosen.txt', new TextEncoder().encode('A chosen document.'));
    const open = (path: string) =>
      page.evaluate(
        (p) =>
          (
            window as unknown as {
              memagent: { invoke(n: string, r: unknown): Promise<{ ok: boolean }> };
            }
          ).memagent.invoke('documents:open', { path: p }),
        path,
      );
    // A made-up path (the same file, before the dialog gave it) is refused...
    expect(await open(file)).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: expect.stringMatching(/Open dialog/) },
    });
    // ...and opened once the dialog has returned it to this window.
    h.chooseNext(file);
    const chosen = await page.evaluate(() =>
      (
        window as unknown as {
          memagent: { invoke(n: string, r: unknown): Promise<{ ok: boolean; value: unknown }> };
        }
      ).memagent.invoke('documents:choose-path', {}),
    );
    expect(chosen).toEqual({ ok: true, value: file });
    expect(await open(file)).toMatchObject({ ok: true });
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
