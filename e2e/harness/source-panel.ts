// The Ask screen's source panel as the tests meet it: a passage pressed shows its page there,
// and the panel's link continues in the Reader.
import type { Locator, Page } from 'playwright-core';

/** The passage highlighted: in the text or the rendered document, or on a PDF's page. */
export const HIGHLIGHT = 'mark.passage, [data-testid="pdf-highlight"]';

export function sourcePanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Source beside the answer', exact: true });
}

/** After a passage was pressed: waits for its highlight beside the answer, then opens the Reader on it. */
export async function continueInReader(page: Page): Promise<void> {
  const panel = sourcePanel(page);
  await panel.locator(HIGHLIGHT).first().waitFor({ timeout: 60_000 });
  await panel.getByRole('button', { name: 'Open in the reader' }).click();
  await page.locator('.reader').waitFor();
}
