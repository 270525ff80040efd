// A file whose name carries a right-to-left override must not read as another file type: the
// library, the navigation bar, the reader and the ask screen show the override, isolated.
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog, showScreen } from './harness/ui.ts';

/** Reads `report‮exe.txt‬.txt` as "reporttxt.exe.txt" where the override is obeyed. */
const NAME = 'report\u202Eexe.txt\u202C.txt';
const SHOWN = 'report\\u202eexe.txt\\u202c.txt';

/**
 * The text as the user sees it: the element's characters in the order they are drawn, top to
 * bottom and left to right (zero-width characters such as bidi controls are not drawn).
 */
function drawnText(locator: Locator): Promise<string> {
  return locator.evaluate((root) => {
    const drawn: { x: number; y: number; c: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i += 1) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getBoundingClientRect();
        if (box.width > 0) drawn.push({ x: box.left, y: Math.round(box.top), c: text[i] ?? '' });
      }
    }
    // A space where a line wraps is not drawn: a wrapped line reads as if it were there.
    return drawn
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .map((d, i, all) => (i > 0 && d.y > all[i - 1]!.y + 2 ? ` ${d.c}` : d.c))
      .join('');
  });
}

describe.skipIf(!canRun)('names from outside', () => {
  const b = useBrowser();

  test('a right-to-left override in a file name is shown, not obeyed', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file(NAME, new TextEncoder().encode('Minutes of the meeting.\n')));
    // The title is the file name without its extension: "report‮exe.txt‬".
    const heading = page.getByRole('heading', { name: /Ask about/ });
    await heading.waitFor();
    expect(await drawnText(heading)).toBe(`Ask about ${SHOWN.replace(/\.txt$/, '')}`);
    expect(await drawnText(page.getByLabel('Current document'))).toBe(SHOWN.replace(/\.txt$/, ''));

    await showScreen(page, 'Library');
    const row = page.getByRole('table', { name: 'Recent documents' }).getByRole('row').nth(1);
    expect(await drawnText(row.locator('.doc-title'))).toBe(SHOWN.replace(/\.txt$/, ''));
    expect(await drawnText(row.locator('.doc-title + div'))).toBe(SHOWN);
    await row
      .getByRole('button', { name: `Remove ${SHOWN.replace(/\.txt$/, '')} from the library` })
      .waitFor();

    await showScreen(page, 'Reader');
    const readerHeading = page.locator('.reader .doc-heading');
    await readerHeading.waitFor();
    expect(await drawnText(readerHeading)).toBe(SHOWN.replace(/\.txt$/, ''));
  });

  test('a question with an override reads as typed in the run list and above the answer', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('notes.txt', new TextEncoder().encode('The sky is blue.\n')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    // Drawn as "Is the attachment exe.pdf safe?" where the override is obeyed.
    await page
      .getByRole('textbox', { name: 'Question', exact: true })
      .fill('Is the attachment \u202Efdp.exe\u202C safe?');
    await page.locator('form.ask-form').getByRole('button', { name: /^Ask/ }).click();
    const shown = 'Is the attachment \\u202efdp.exe\\u202c safe?';
    const item = page.locator('.run-item .run-question');
    await item.waitFor();
    expect(await drawnText(item)).toBe(shown);
    await expect(item.getAttribute('title')).resolves.toBe(shown);
    await item.click();
    expect(await drawnText(page.locator('.run-title'))).toBe(shown);
  });
});
