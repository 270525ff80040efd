// Growing a review from its table: two documents added (one found in the library by searching,
// one of several files chosen at once in the Open dialog) and a question typed in, each showing
// first what only its new cells will take; then only those cells are asked of the simulator
// (counted) and the finished cells keep their answers. Many files at once and a folder (with its
// subfolders, or refused too deep) in the New review form and the Add documents dialog. Pictures of both Add dialogs at two sizes, light and dark (out/screenshots).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';
import type { ReviewQuestion } from '../shared/review.ts';
import type { ReviewMatrix } from '../shared/review.ts';
import type { Harness } from './harness/harness.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { shooter } from './harness/walk.ts';

const fixture = (name: string) => path.join(repoRoot, 'test-fixtures', name);
const CONTRACT = fixture('contract.pdf');
const LEASE = fixture('lease.docx');
const ARTICLE = fixture('article.html');
const NOTES = fixture('notes.md');

const QUESTIONS: ReviewQuestion[] = [
  { id: 'q1', text: 'Who are the parties?', kind: 'party' },
  { id: 'q2', text: 'Which law governs the agreement?', kind: 'text' },
];
const SENDER = '1';

const chats = (h: Harness) => h.sim.requests.filter((r) => r.path.endsWith('/chat/completions'));

async function call<T>(h: Harness, name: string, request: unknown): Promise<T> {
  const handlers = h.service.handlers as unknown as Record<
    string,
    (
      r: unknown,
      c: { senderId: string },
    ) => Promise<{ ok: boolean; value?: T; error?: { message: string } }>
  >;
  const result = await handlers[name]!(request, { senderId: SENDER });
  if (!result.ok) throw new Error(`${name}: ${result.error?.message}`);
  return result.value as T;
}

/** The library holds the four fixtures; a review of the first two × two questions is read. */
async function seed(h: Harness): Promise<{ reviewId: string; ids: Record<string, string> }> {
  const ids: Record<string, string> = {};
  for (const file of [CONTRACT, LEASE, ARTICLE]) {
    ids[path.basename(file)] = (await call<{ id: string }>(h, 'documents:open', { path: file })).id;
  }
  const started = await call<{ reviewId: string }>(h, 'reviews:create', {
    title: 'Supplier contracts',
    checklist: { name: 'Supplier review', questions: QUESTIONS },
    documentIds: [ids['contract.pdf'], ids['lease.docx']],
    settings: { ...DEFAULT_RUN_SETTINGS, chunkTokens: 512, temperature: 0 },
    profileId: 'sim',
  });
  await doneWith(h, started.reviewId, 4);
  await h.page.reload();
  return { reviewId: started.reviewId, ids };
}

const doneWith = (h: Harness, reviewId: string, total: number) =>
  h.waitForEvent(
    'job:updated',
    (j) => j.id === reviewId && j.state === 'done' && !j.live && j.counts.total === total,
    120_000,
  );

async function idOf(h: Harness, fileName: string): Promise<string> {
  const list = await call<{ id: string; fileName: string }[]>(h, 'documents:list', {});
  const found = list.find((d) => d.fileName === fileName);
  if (!found) throw new Error(`${fileName} is not in the library`);
  return found.id;
}

/** Drops `files` (read from disk) and one file named `other` on the element `selector`. */
async function dropOn(page: Page, selector: string, files: string[], other: string): Promise<void> {
  const items = files.map((f) => ({
    name: path.basename(f),
    b64: readFileSync(f).toString('base64'),
  }));
  await page.locator(selector).evaluate(
    (el, { list, extra }) => {
      const dt = new DataTransfer();
      for (const { name, b64 } of list)
        dt.items.add(new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name));
      dt.items.add(new File([new Uint8Array([1, 2, 3])], extra));
      el.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
      el.dispatchEvent(
        new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
      );
    },
    { list: items, extra: other },
  );
}

async function openReview(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Reviews' })
    .click();
  await page.getByRole('table', { name: 'Reviews' }).getByText('Supplier contracts').click();
  await page.getByRole('heading', { name: 'Supplier contracts' }).waitFor();
}

const answers = (m: ReviewMatrix) =>
  m.cells.map((c) => ({ d: c.documentId, q: c.questionId, run: c.runId, answer: c.answer }));

describe.skipIf(!canRun)('adding to a review', () => {
  const b = useBrowser();

  test('adds two documents and a question: only the new cells are read, the finished ones keep their answers', async () => {
    let files: string[] = [];
    const h = await b.open({
      viewport: { width: 1280, height: 800 },
      serviceDeps: { chooseFiles: async () => files },
    });
    const { page } = h;
    const { reviewId, ids } = await seed(h);
    const before = await call<ReviewMatrix>(h, 'reviews:get', { reviewId });
    await openReview(page);

    // Documents: one found in the library by searching, one of two files chosen at once (the
    // other is in the review already).
    await page.getByRole('button', { name: 'Add documents…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add documents' });
    const list = dialog.getByRole('list', { name: 'Library documents' });
    await dialog.getByRole('searchbox', { name: 'Search the library' }).fill('article');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await list.getByRole('checkbox').check();
    await dialog.getByRole('searchbox', { name: 'Search the library' }).fill('');
    files = [NOTES, CONTRACT];
    await dialog.getByRole('button', { name: 'Add files…' }).click();
    await dialog.getByText('Chose 2 documents. 1 of them is in the review already.').waitFor();
    const estimate = dialog.getByRole('region', { name: 'Estimate' });
    await estimate
      .getByText('Adds 2 documents × 2 questions = 4 cells; the 4 finished cells are kept.')
      .waitFor();
    const figures = await call<{ estimate: { chunkReads: number; cells: number } }>(
      h,
      'reviews:estimate-add',
      { reviewId, add: { documentIds: [ids['article.html'], await idOf(h, 'notes.md')] } },
    );
    const sent = chats(h).length;
    await dialog.getByRole('button', { name: 'Add 2 documents' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The table shows the new rows at once.
    const grid = page.getByRole('grid');
    await grid.getByText('notes', { exact: false }).first().waitFor();
    await doneWith(h, reviewId, 8);
    // Each new cell's run: its chunks, then its final answer; nothing of the finished cells.
    const rowsSent = chats(h).length - sent;
    expect(figures.estimate.cells).toBe(4);
    expect(rowsSent).toBe(figures.estimate.chunkReads + figures.estimate.cells);

    // A question typed in, with its answer kind.
    await page.getByRole('button', { name: 'Add questions…' }).click();
    const qDialog = page.getByRole('dialog', { name: 'Add questions' });
    await qDialog.getByLabel('Type questions').check();
    const row = qDialog.getByRole('listitem', { name: 'Question 1' });
    await row.getByRole('textbox', { name: 'Question 1' }).fill('What is the notice period?');
    await row.getByLabel('Answer kind').selectOption('duration');
    await qDialog
      .getByRole('region', { name: 'Estimate' })
      .getByText('Adds 4 documents × 1 question = 4 cells; the 8 finished cells are kept.')
      .waitFor();
    const matrix = await call<ReviewMatrix>(h, 'reviews:get', { reviewId });
    const all = matrix.documents.map((d) => d.id);
    const column = await call<{ estimate: { chunkReads: number; cells: number } }>(
      h,
      'reviews:estimate-add',
      {
        reviewId,
        add: { questions: [{ id: 'x', text: 'What is the notice period?', kind: 'duration' }] },
      },
    );
    expect(column.estimate.cells).toBe(all.length);
    const sent2 = chats(h).length;
    await qDialog.getByRole('button', { name: 'Add 1 question' }).click();
    await qDialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('columnheader', { name: /What is the notice period\?/ })
      .first()
      .waitFor();
    await doneWith(h, reviewId, 12);
    expect(chats(h).length - sent2).toBe(column.estimate.chunkReads + column.estimate.cells);

    // The four cells read first are the same runs with the same answers.
    const after = await call<ReviewMatrix>(h, 'reviews:get', { reviewId });
    const kept = new Set(answers(before).map((c) => JSON.stringify(c)));
    expect(answers(after).filter((c) => kept.has(JSON.stringify(c)))).toHaveLength(4);
    expect(after.cells).toHaveLength(12);
  });

  test('the New review form takes several files at once and a folder, with its subfolders if asked', async () => {
    let files: string[] = [];
    const folder = path.join(b.file('seed.txt', new Uint8Array()), '..', 'contracts');
    mkdirSync(path.join(folder, 'old'), { recursive: true });
    writeFileSync(path.join(folder, 'one.txt'), 'The parties are Acme Ltd and Beta GmbH.\n');
    writeFileSync(path.join(folder, 'two.md'), '# Lease\n\nGoverned by the laws of England.\n');
    writeFileSync(path.join(folder, 'scan.png'), 'not a document');
    writeFileSync(path.join(folder, 'old', 'zero.txt'), 'The earlier lease, ended in 2019.\n');
    writeFileSync(path.join(folder, 'old', 'photo.jpg'), 'not a document');
    const h = await b.open({
      viewport: { width: 1280, height: 800 },
      serviceDeps: { chooseFiles: async () => files, chooseFolder: async () => folder },
    });
    const { page } = h;
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: 'Reviews' })
      .click();
    await page.getByRole('button', { name: 'New review…' }).click();
    const form = page.getByRole('form', { name: 'New review' });
    files = [CONTRACT, LEASE];
    await form.getByRole('button', { name: 'Add files…' }).click();
    await form.getByText('Chose 2 documents.').waitFor();
    await form.getByText('2 documents chosen').waitFor();
    // A folder is shown with what it holds before anything opens; "Include subfolders" lists it
    // again in main, and the counts follow the switch both ways.
    await form.getByRole('button', { name: 'Add a folder…' }).click();
    const chosenFolder = form.getByRole('group', { name: 'Folder “contracts”' });
    await chosenFolder
      .getByText(
        '“contracts”: 2 documents; 1 file skipped: not a kind the app reads; 1 subfolder not looked into.',
      )
      .waitFor();
    const subfolders = chosenFolder.getByRole('checkbox', { name: 'Include subfolders' });
    await subfolders.check();
    await chosenFolder
      .getByText(
        '“contracts” with its subfolders: 3 documents; 2 files skipped: not a kind the app reads.',
      )
      .waitFor();
    await subfolders.uncheck();
    await chosenFolder.getByRole('button', { name: 'Choose 2 documents' }).waitFor();
    await subfolders.check();
    await chosenFolder.getByRole('button', { name: 'Choose 3 documents' }).click();
    await chosenFolder.waitFor({ state: 'detached' });
    await form
      .getByText('Chose 3 documents from “contracts”; 2 files skipped: not a kind the app reads.')
      .waitFor();
    await form.getByText('5 documents chosen').waitFor();
    // A drop of many files on the form's documents: those of a kind the app reads are chosen,
    // and the window's own drop (open in the reader) leaves them alone.
    await dropOn(
      page,
      'form[aria-label="New review"] .files-drop',
      [ARTICLE, NOTES, fixture('scanned.pdf')],
      'picture.png',
    );
    await form.getByText('Chose 3 documents; 1 file skipped: not a kind the app reads.').waitFor();
    await form.getByText('8 documents chosen').waitFor();
    const docs = form.getByRole('list', { name: 'Documents to review' });
    expect(await docs.getByRole('checkbox', { checked: true }).count()).toBe(8);
  });

  test('Add documents… takes a folder, and says in one sentence why its subfolders cannot be', async () => {
    // A folder whose subfolders go deeper than the walk goes (MAX_FOLDER_DEPTH, 20 levels).
    const folder = path.join(b.file('seed.txt', new Uint8Array()), '..', 'archive');
    const deep = path.join(folder, ...Array.from({ length: 21 }, (_, i) => `level-${i + 1}`));
    mkdirSync(deep, { recursive: true });
    writeFileSync(path.join(folder, 'terms.md'), '# Terms\n\nPayment is due within 30 days.\n');
    writeFileSync(path.join(deep, 'buried.txt'), 'Never reached.\n');
    const h = await b.open({
      viewport: { width: 1024, height: 700 },
      serviceDeps: { chooseFolder: async () => folder },
    });
    const { page } = h;
    await seed(h);
    await openReview(page);
    await page.getByRole('button', { name: 'Add documents…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add documents' });
    await dialog.getByRole('button', { name: 'Add a folder…' }).click();
    const chosen = dialog.getByRole('group', { name: 'Folder “archive”' });
    await chosen.getByText('“archive”: 1 document; 1 subfolder not looked into.').waitFor();
    const subfolders = chosen.getByRole('checkbox', { name: 'Include subfolders' });
    // click, not check: the switch turns itself back off once main refuses the walk.
    await subfolders.click();
    await chosen
      .getByRole('alert')
      .getByText(
        `The folder ${folder} has subfolders more than 20 levels deep. Choose one of its subfolders, or leave its subfolders out.`,
      )
      .waitFor();
    // The switch goes back off, and the folder alone stays on offer.
    expect(await subfolders.isChecked()).toBe(false);
    await shooter(page, 'light')('review-add-folder-too-deep-1024x700');
    await chosen.getByText('“archive”: 1 document; 1 subfolder not looked into.').waitFor();
    await chosen.getByRole('button', { name: 'Choose 1 document' }).click();
    await dialog
      .getByText('Chose 1 document from “archive”; 1 subfolder not looked into.')
      .waitFor();
    // The focus goes back where the folder was asked for, not to the page.
    await expect
      .poll(() =>
        dialog
          .getByRole('button', { name: 'Add a folder…' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await dialog
      .getByRole('region', { name: 'Estimate' })
      .getByText('Adds 1 document × 2 questions = 2 cells; the 4 finished cells are kept.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  test('the checklist editor moves a question by dragging its grip, and says where it went', async () => {
    const h = await b.open({ viewport: { width: 1280, height: 800 } });
    const { page } = h;
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: 'Checklists' })
      .click();
    await page.getByRole('combobox', { name: 'Start from a template' }).selectOption({ index: 1 });
    const editor = page.getByRole('form', { name: 'Checklist' });
    const text = (n: number) =>
      editor.getByRole('textbox', { name: `Question ${n}`, exact: true }).inputValue();
    const third = await text(3);
    const first = await text(1);
    await editor
      .getByRole('listitem', { name: 'Question 3', exact: true })
      .locator('.question-grip')
      .dragTo(editor.getByRole('listitem', { name: 'Question 1', exact: true }));
    await expect.poll(() => text(1)).toBe(third);
    expect(await text(2)).toBe(first);
    await editor
      .getByText(`“${third}” moved to position 1 of`, { exact: false })
      .waitFor({ state: 'attached' });
    // The keyboard path stays: Alt+↓ moves it back down, and says so.
    await editor.getByRole('textbox', { name: 'Question 1', exact: true }).press('Alt+ArrowDown');
    await expect.poll(() => text(2)).toBe(third);
    await editor
      .getByText(`“${third}” moved to position 2 of`, { exact: false })
      .waitFor({ state: 'attached' });
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 1024, height: 700 },
    ]) {
      test(`screenshots of the Add dialogs: ${scheme}, ${viewport.width}×${viewport.height}`, async () => {
        const h = await b.open({ colorScheme: scheme, viewport });
        const { page } = h;
        const shot = shooter(page, scheme);
        const size = `${viewport.width}x${viewport.height}`;
        await seed(h);
        await call(h, 'documents:open', { path: NOTES });
        await page.reload();
        await openReview(page);
        await page.getByRole('button', { name: 'Add documents…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add documents' });
        await dialog
          .getByRole('list', { name: 'Library documents' })
          .getByRole('checkbox')
          .first()
          .check();
        await dialog.getByText(/^Adds 1 document × 2 questions/).waitFor();
        await shot(`review-add-documents-${size}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('button', { name: 'Add questions…' }).click();
        const qDialog = page.getByRole('dialog', { name: 'Add questions' });
        await qDialog.getByRole('combobox', { name: 'Checklist' }).selectOption({ index: 1 });
        await qDialog.getByText(/^Adds 2 documents × \d+ questions/).waitFor();
        await shot(`review-add-questions-${size}`);
        await qDialog.getByLabel('Type questions').check();
        await qDialog
          .getByRole('textbox', { name: 'Question 1' })
          .fill('What is the notice period?');
        await qDialog.getByText(/^Adds 2 documents × 1 question/).waitFor();
        await shot(`review-add-questions-typed-${size}`);
      });
    }
  }
});
