// Controlling runs: pause and resume, cancel and continue from the last saved memory, and two
// questions reading at the same time.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, openWithDialog, showScreen, SLOW_SIM } from './harness/ui.ts';

const NEEDLE = 'The night watchman of the harbour bridge was named Ottilie Brandvold.';
const pdf = () => makeReportPdf(30, 22, NEEDLE);

describe.skipIf(!canRun)('run control', () => {
  const b = useBrowser();

  test('pause, resume, cancel, then continue from the saved chunk to an answer', async () => {
    const h = await b.open({ sim: SLOW_SIM });
    const { page } = h;
    await openWithDialog(h, b.file('harbour.pdf', pdf()));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, 'Who was the night watchman of the harbour bridge?');

    await h.waitForEvent('run:event', (p) => p.event.type === 'chunk-done');
    await page.getByRole('button', { name: 'Pause' }).click();
    await h.waitForEvent('run:event', (p) => p.event.type === 'paused');
    // Paused says where it stopped, and the speed and time left (stale while paused) are hidden.
    await page.getByText(/^Paused after chunk \d+ of \d+$/).waitFor();
    await expect(page.locator('.stats').getByText('— (paused)').count()).resolves.toBe(2);
    const requestsWhilePaused = h.sim.requests.length;
    await page.getByRole('button', { name: 'Resume' }).click();
    await h.waitForEvent('run:event', (p) => p.event.type === 'resumed');
    await h.waitForEvent(
      'run:event',
      (p) => p.event.type === 'chunk-done' && p.event.state.chunk >= 2,
    );
    expect(h.sim.requests.length).toBeGreaterThan(requestsWhilePaused);

    await page.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = await h.waitForEvent('run:event', (p) => p.event.type === 'cancelled');
    await page.getByText(/Cancelled after \d+ of \d+ chunks/).waitFor();
    const doneBefore = h.events.filter(
      (e) =>
        e.name === 'run:event' &&
        (e.payload as { event: { type: string } }).event.type === 'chunk-done',
    ).length;
    expect(doneBefore).toBeGreaterThanOrEqual(3);

    // Continue: reading restarts after the last saved chunk, not from the beginning.
    const continueButton = page.getByRole('button', { name: /Continue from chunk \d+/ });
    await continueButton.click();
    const restarted = await h.waitForEvent(
      'run:event',
      (p) => p.event.type === 'started' && p.event.startChunk > 0,
    );
    expect(restarted.event.type === 'started' && restarted.event.startChunk).toBeGreaterThanOrEqual(
      doneBefore,
    );
    expect(cancelled.event.runId).toBe(restarted.event.runId);
    await page.getByTestId('answer').waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('answer').textContent()).resolves.toMatch(/Ottilie Brandvold/);
    await page.getByText(/Read all \d+ chunks/).waitFor();
  });

  const WATCHMAN = 'Who was the night watchman of the harbour bridge?';

  /** Asks of a model that writes 4 tokens a second (each memory takes seconds), then clicks Pause while chunk 1 is read. */
  async function pauseDuringSlowChunk() {
    const h = await b.open({
      sim: {
        latency: { ...SLOW_SIM.latency, decodeTokensPerSec: 4, aggregateDecodeTokensPerSec: 4 },
      },
    });
    await openWithDialog(h, b.file('harbour.pdf', pdf()));
    await h.page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(h.page, WATCHMAN, 1024);
    await h.waitForEvent('run:event', (p) => p.event.type === 'chunk-started');
    await h.page.getByRole('button', { name: 'Pause' }).click();
    return h;
  }

  test('Pause during a slow chunk says it will pause when that chunk is done, then pauses', async () => {
    const h = await pauseDuringSlowChunk();
    const { page } = h;
    const pausing = page.getByRole('button', { name: 'Pausing…' });
    await pausing.waitFor();
    await expect(pausing.isDisabled()).resolves.toBe(true);
    await page.getByText(/^Reading chunk 1 of \d+.* — pausing when this chunk is done$/).waitFor();
    expect(
      h.events.some(
        (e) =>
          e.name === 'run:event' &&
          (e.payload as { event: { type: string } }).event.type === 'paused',
      ),
    ).toBe(false);

    // The chunk in flight finishes and its memory is kept; then the run is paused.
    await h.waitForEvent('run:event', (p) => p.event.type === 'chunk-done');
    await h.waitForEvent('run:event', (p) => p.event.type === 'paused');
    await page.getByText(/^Paused after chunk 1 of \d+$/).waitFor();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    await expect(page.getByRole('button', { name: 'Pausing…' }).count()).resolves.toBe(0);
  });

  test('a window reloaded while a pause is pending still says Pausing…', async () => {
    const h = await pauseDuringSlowChunk();
    const { page } = h;
    await page.getByRole('button', { name: 'Pausing…' }).waitFor();

    // A reload (or a second look after a crash of the page) starts from the run's snapshot.
    await page.reload();
    await page.locator('.doc-title').first().click();
    await showScreen(page, 'Ask');
    await page.locator('.run-item', { hasText: WATCHMAN }).click();
    const pausing = page.getByRole('button', { name: 'Pausing…' });
    await pausing.waitFor();
    await expect(pausing.isDisabled()).resolves.toBe(true);
    await h.waitForEvent('run:event', (p) => p.event.type === 'paused');
    await page.getByRole('button', { name: 'Resume' }).waitFor();
  });

  test('two questions asked one after the other read at the same time and both get answers', async () => {
    const h = await b.open({ sim: SLOW_SIM });
    const { page } = h;
    await openWithDialog(h, b.file('harbour.pdf', pdf()));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, 'Who was the night watchman of the harbour bridge?', 1024);
    await ask(page, 'In which season were traffic counts taken?', 1024);
    await expect(page.locator('.run-item').count()).resolves.toBe(2);

    const finished = new Set<string>();
    await h.waitForEvent(
      'run:event',
      (p) => {
        if (p.event.type === 'finished') finished.add(p.event.runId);
        return finished.size === 2;
      },
      120_000,
    );
    // Both ran concurrently: the simulator saw two chat requests in flight at once.
    expect(h.sim.peakRunning).toBeGreaterThanOrEqual(2);
    // The list shows both as answered, and selecting each shows its own answer.
    await page.locator('.run-item .status-done').nth(1).waitFor();
    await page.locator('.run-item', { hasText: 'night watchman' }).click();
    await expect(page.getByTestId('answer').textContent()).resolves.toMatch(/Ottilie Brandvold/);
    await page.locator('.run-item', { hasText: 'traffic counts' }).click();
    await page
      .getByRole('heading', { name: 'In which season were traffic counts taken?' })
      .waitFor();
  });
});
