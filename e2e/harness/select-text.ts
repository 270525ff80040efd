// Selecting a sentence in the reader's text view as a user drags over it: the rows are
// virtualized, so it scrolls down until the sentence is drawn.
import type { Page } from 'playwright-core';

/**
 * Selects the first match of `pattern` in the text view after the row the last jump went to
 * (rows above it are in the DOM too), across its line rows, scrolling down until it is there.
 */
export async function selectInText(page: Page, pattern: RegExp): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const selected = await page.evaluate(
      ({ source, flags }) => {
        const target = document.querySelector('.document-text .row.target');
        const nodes: { node: Text; at: number }[] = [];
        let text = '';
        for (const para of document.querySelectorAll('.document-text .para')) {
          const before =
            target !== null &&
            (target.compareDocumentPosition(para) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
          const node = para.firstChild;
          if (before || !(node instanceof Text)) continue;
          nodes.push({ node, at: text.length });
          text += `${node.data}\n`;
        }
        const match = new RegExp(source, flags).exec(text);
        const where = (offset: number) => {
          const hit = [...nodes].reverse().find((n) => n.at <= offset);
          return hit
            ? { node: hit.node, offset: Math.min(offset - hit.at, hit.node.length) }
            : null;
        };
        const from = match ? where(match.index) : null;
        const to = match ? where(match.index + match[0].length) : null;
        if (!from || !to) {
          document.querySelector('.document-text')?.scrollBy(0, 300);
          return false;
        }
        const range = document.createRange();
        range.setStart(from.node, from.offset);
        range.setEnd(to.node, to.offset);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
        return true;
      },
      { source: pattern.source, flags: pattern.flags },
    );
    if (selected) return;
    // The rows scrolled in are drawn in the next frame.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  }
  throw new Error(`${pattern} is not in the text view`);
}
