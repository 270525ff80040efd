// The screenshot walk-through, on realistic material: a user's first hour with the 1,151-page
// book read in ~35 chunks, the GPL, the Japanese EPUB and a Word document, a damaged and an
// encrypted PDF, a backend that is down, a question that fails and is retried, paused, answered,
// asked again. Each step waits for the state it shows (never a fixed sleep). `npm test` writes
// to out/screenshots/ (git-ignored); `npm run screenshots` writes docs/screenshots/ for the user
// guide. The corpus (../shared/corpus) is not in the repository: without it the walk is skipped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canMakeScans, scannedContract } from './fixtures/make-scan.ts';
import { repoRoot } from './harness/paths.ts';
import { continueInReader } from './harness/source-panel.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { addSpareBackend, dropFiles, openWithDialog, showScreen, SLOW_SIM } from './harness/ui.ts';
import {
  answered,
  askForm,
  BOOK,
  chooseBackend,
  LAB,
  MODEL,
  PRICED,
  BOOK_CHUNK_TOKENS,
  BOOK_QUESTION,
  BOOK_QUESTION_2,
  corpusMissing,
  DOCX,
  EPUB,
  EPUB_CHUNK_TOKENS,
  EPUB_QUESTION,
  GPL,
  selectDocument,
  setChunkSize,
  shooter,
  showTimelineRow,
} from './harness/walk.ts';

const missing = corpusMissing();
const LOCKED = path.join(repoRoot, 'test-fixtures/encrypted-secret.pdf');

describe.skipIf(!canRun || missing !== null)(
  `screenshots of every screen on realistic material${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const b = useBrowser();

    for (const scheme of ['light', 'dark'] as const) {
      test(`${scheme} theme`, { timeout: 600_000 }, async () => {
        const started = Date.now();
        // The preset "Office server" is active and down (nothing listens on its URL).
        const h = await b.open({
          colorScheme: scheme,
          backend: 'down',
          viewport: { width: 1280, height: 800 },
        });
        const { page } = h;
        const shot = shooter(page, scheme);
        const { box, button: askButton, form } = askForm(page);

        await page.getByText('No documents yet').waitFor();
        await shot('library-empty');

        // Settings: the lab server (the simulator) is added and tested, and takes the questions
        // from the office one, never tested; the user puts them back on the office server (the
        // walk shows it down), and the lab one offers the switch while the office one fails.
        const lab = await addSpareBackend(
          page,
          { kind: 'custom', name: LAB, url: h.sim.baseUrl, model: MODEL },
          'Office server',
        );
        const office = page.getByRole('listitem', { name: 'Backend Office server', exact: true });
        await lab.getByRole('status').filter({ hasText: 'answered' }).waitFor();
        await office.getByRole('button', { name: 'Test connection' }).click();
        await office.getByText(/^Cannot reach /).waitFor();
        await page.getByRole('heading', { name: 'Settings', level: 1 }).scrollIntoViewIfNeeded();
        await shot('settings');

        // A priced backend: its form shows the prices and the quote check off for it.
        await page.getByRole('button', { name: 'Add backend' }).click();
        const newForm = page.getByRole('form', { name: 'New backend' });
        await newForm.getByLabel('Kind').selectOption('custom');
        await newForm.getByLabel('Name').fill(PRICED);
        await newForm.getByLabel('Server URL').fill(h.sim.baseUrl);
        await newForm.getByLabel('Model', { exact: true }).fill(MODEL);
        await newForm.getByLabel('Input price ($ per 1M tokens)').fill('3');
        await newForm.getByLabel('Output price ($ per 1M tokens)').fill('15');
        // The whole form in view, from its Kind to its Save button.
        await newForm.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await shot('settings-new-backend');
        await newForm.getByRole('button', { name: 'Save backend' }).click();
        // It answers while the office server does not, so it takes the questions; the walk
        // puts them back on the office server again.
        await page
          .getByRole('listitem', { name: `Backend ${PRICED}`, exact: true })
          .getByText(/Questions now go to this backend/)
          .waitFor();
        await office.getByRole('button', { name: 'Use this backend' }).click();
        await office.getByText('Active', { exact: true }).waitFor();
        await page.getByRole('form', { name: 'Costs' }).scrollIntoViewIfNeeded();
        await shot('settings-costs');

        // The book: the Ask screen names the (dead) active backend before Ask and estimates.
        await openWithDialog(h, BOOK);
        await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
        await box.fill(BOOK_QUESTION);
        await setChunkSize(page, BOOK_CHUNK_TOKENS);
        const estimate = page.getByRole('region', { name: 'Estimate' });
        await estimate.getByText(/^3\d chunks · up to/).waitFor({ timeout: 60_000 });
        await page
          .getByLabel('Backend for this question')
          .getByRole('alert')
          .getByText(/is not answering/)
          .first()
          .waitFor();
        await shot('ask-backend-down');

        // Asked anyway: it fails before reading; the box keeps the question.
        await askButton.click();
        const progress = page.getByRole('region', { name: 'Progress' });
        await progress
          .getByText('Could not start reading', { exact: true })
          .waitFor({ timeout: 60_000 });
        await form.getByText(/^The question did not start: /).waitFor();
        await shot('ask-could-not-start');

        // Retry with the lab server, slowed down to be caught mid-run and paused.
        await progress.getByRole('button', { name: 'Retry with…' }).click();
        const retry = page.getByRole('form', { name: 'Retry with' });
        // The lab server is offered first: it answered its last test.
        await retry
          .getByText(/^Nothing was read yet: reading starts at chunk 1 with Lab server/)
          .waitFor();
        await shot('retry-dialog');
        h.sim.setOptions(SLOW_SIM);
        await retry.getByRole('button', { name: 'Retry' }).click();
        await h.waitForEvent(
          'run:event',
          (p) => p.event.type === 'chunk-done' && p.event.state.chunk >= 2,
          120_000,
        );
        await progress.getByText(/^Reading chunk \d+ of 3\d/).waitFor();
        await shot('progress');
        await progress.getByRole('button', { name: 'Pause' }).click();
        await progress.getByText(/^Paused after chunk \d+ of 3\d$/).waitFor({ timeout: 60_000 });
        await shot('progress-paused');

        // A second question on the book, read at full speed while the first waits paused.
        h.sim.setOptions({ latency: 'zero' });
        await box.fill(BOOK_QUESTION_2);
        await chooseBackend(page, LAB);
        await askButton.click();
        await page.locator('.run-item', { hasText: BOOK_QUESTION_2 }).waitFor();
        await answered(h);
        // The first one resumed, slowly again: it is still being read while the library is shown.
        h.sim.setOptions(SLOW_SIM);
        await page.locator('.run-item', { hasText: BOOK_QUESTION }).click();
        await progress.getByRole('button', { name: 'Resume' }).click();
        await progress.getByText(/^Reading chunk \d+ of 3\d/).waitFor();

        // The library: two more opened from disk (a dropped file has no document view), then
        // several dropped at once, one damaged and one encrypted.
        for (const file of [EPUB, DOCX]) {
          await openWithDialog(h, file);
          await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 60_000 });
        }
        await showScreen(page, 'Library');
        const whole = makeReportPdf(2, 1, 'x');
        const broken = b.file(
          'minutes-damaged.pdf',
          whole.subarray(0, Math.floor(whole.length / 3)),
        );
        const secret = b.file('board-report-encrypted.pdf', new Uint8Array(readFileSync(LOCKED)));
        await dropFiles(page, [GPL, broken, secret]);
        await page.getByRole('dialog', { name: 'Password required' }).waitFor();
        await page.keyboard.press('Escape');
        const results = page.getByRole('region', { name: 'Opened files' });
        // Six rows: the four files that opened fold under one line; the two that need
        // attention stay in view.
        await results.getByText('4 files opened', { exact: true }).waitFor({ timeout: 60_000 });
        await results.getByRole('listitem').filter({ hasText: 'needs a password' }).waitFor();
        await page.locator('table.documents tbody tr').nth(3).waitFor();
        await page
          .getByTestId('question-state')
          .filter({ hasText: '2 questions · 1 reading' })
          .waitFor();
        await page.getByText('Reading 1', { exact: true }).waitFor();
        await shot('library-opened');
        // The files that opened are dismissed; the two that need attention stay above the list.
        await results.getByText('4 files opened', { exact: true }).click();
        for (const name of [
          'cplusplus-annotations.pdf',
          'live-manual.ja.epub',
          'fhs-3.0.docx',
          'gpl-3.0.pdf',
        ]) {
          // Once the fold opens up, the oldest rows wait behind "Show all N" (three at most).
          const showAll = results.getByRole('button', { name: /^Show all \d+$/ });
          if ((await showAll.count()) > 0) await showAll.click();
          await results.getByRole('button', { name: `Dismiss ${name}` }).click();
          await results
            .getByRole('listitem')
            .filter({ hasText: name })
            .waitFor({ state: 'detached' });
        }
        await shot('library');

        // Back to the first question, at full speed again: answered with its evidence.
        h.sim.setOptions({ latency: 'zero' });
        await selectDocument(page, /C\+\+ Annotations|cplusplus/i);
        await page.locator('.run-item', { hasText: BOOK_QUESTION }).click();
        await answered(h);
        const passage = page.locator('.evidence button.passage').first();
        await passage.waitFor();
        await page.getByTestId('quote-check').waitFor();
        await page.locator('.answer').scrollIntoViewIfNeeded();
        await shot('answer');

        // The timeline at 35 chunks with the cited chunk selected, then two chunks compared.
        const where = (await passage.locator('.passage-where').textContent()) ?? '';
        const k = Number(/chunk (\d+)$/.exec(where)?.[1]);
        expect(k).toBeGreaterThan(1);
        const row = await showTimelineRow(page, k);
        await row.locator('button').first().click();
        await page.getByRole('heading', { name: `Memory after chunk ${k}` }).waitFor();
        await page.locator('.timeline-list').scrollIntoViewIfNeeded();
        await shot('answer-timeline');
        await (await showTimelineRow(page, k - 1)).getByRole('checkbox').check();
        await (await showTimelineRow(page, k)).getByRole('checkbox').check();
        await page.getByRole('heading', { name: `Chunk ${k - 1} → chunk ${k}` }).waitFor();
        await page.locator('.compare').scrollIntoViewIfNeeded();
        await shot('compare');

        // Asked again (the follow-up button): the list shows it once, "asked 2 times", with history.
        await page.getByRole('button', { name: 'Ask again' }).click();
        await askButton.click();
        const history = page.getByRole('region', { name: 'History of this question' });
        await history.getByText('Asked 2 times').waitFor();
        await answered(h);
        await page.getByRole('group', { name: 'Follow up' }).waitFor();
        await shot('questions');

        // The reader: the citation followed opens the book's original page, highlighted.
        await passage.click();
        await continueInReader(page);
        await page.locator('.pdf-caption', { hasText: 'Highlighted' }).waitFor({ timeout: 60_000 });
        await page.locator('.pdf-loading').waitFor({ state: 'detached' });
        await shot('reader-pdf');

        // The Japanese EPUB: a cited sentence highlighted in the document view, by its chunk marker.
        await selectDocument(page, /live|Debian Live/i);
        await box.fill(EPUB_QUESTION);
        await setChunkSize(page, EPUB_CHUNK_TOKENS);
        await chooseBackend(page, LAB);
        await askButton.click();
        await answered(h);
        const cited = page.locator('.evidence button.passage').first();
        const epubWhere = (await cited.locator('.passage-where').textContent()) ?? '';
        const epubChunk = Number(/ · chunk (\d+)$/.exec(epubWhere)?.[1]);
        await cited.click();
        await continueInReader(page);
        const view = page.getByRole('document', { name: 'Document', exact: true });
        await view.locator('mark.passage').first().waitFor();
        await shot('reader-epub');
        // The cited chunk's marker, which quotes the evidence it holds.
        const marker = view.locator(`.chunk-marker[data-chunk="${epubChunk}"]`);
        await marker.getByText(/Evidence for the answer/).waitFor();
        await marker.scrollIntoViewIfNeeded();
        await shot('reader-epub-marker');

        // A Word document in the document view.
        await selectDocument(page, /Filesystem Hierarchy|fhs/i);
        await showScreen(page, 'Reader');
        await page
          .getByRole('document', { name: 'Document', exact: true })
          .locator('h1, h2')
          .first()
          .waitFor();
        await shot('reader-docx');

        // The shortcut sheet.
        await page.keyboard.press('Control+/');
        await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
        await shot('shortcuts');
        await page.keyboard.press('Escape');

        // The priced backend on the book asks first: its cost may pass the $1.00 limit.
        await selectDocument(page, /C\+\+ Annotations|cplusplus/i);
        await box.fill(BOOK_QUESTION_2);
        await setChunkSize(page, BOOK_CHUNK_TOKENS);
        await chooseBackend(page, PRICED);
        await estimate.getByText(/^Cost: \$/).waitFor({ timeout: 60_000 });
        await askButton.click();
        const confirm = page.getByRole('dialog', { name: 'This question may be expensive' });
        await confirm.getByText(/more than your limit of \$1\.00/).waitFor();
        await shot('cost-confirm');
        await confirm.getByRole('button', { name: 'Cancel' }).click();
        await confirm.waitFor({ state: 'hidden' });

        // A scanned contract: the reader marks its OCR pages; the Re-read with OCR dialog.
        if (canMakeScans()) {
          await openWithDialog(h, scannedContract(2, 'scanned-contract.pdf'));
          await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
          await showScreen(page, 'Reader');
          await page.locator('.page-marker .ocr-mark').first().waitFor();
          await shot('reader-ocr');
          await page.getByLabel('More actions for this document').click();
          await page.getByRole('button', { name: 'Re-read with OCR…' }).click();
          const dialog = page.getByRole('dialog', { name: 'Re-read with OCR' });
          await dialog.getByRole('checkbox', { name: 'English' }).waitFor();
          await dialog.getByRole('radio', { name: /^Every page/ }).check();
          await shot('ocr-dialog');
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden' });
        }
        console.log(`screenshot walk (${scheme}): ${Math.round((Date.now() - started) / 1000)} s`);
      });
    }
  },
);
