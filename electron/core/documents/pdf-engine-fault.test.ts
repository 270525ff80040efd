import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { makePdf } from '../../../scripts/make-fixtures-pdf.ts';
import { extractDocument } from './index.ts';
import { expectKind } from './test-support.ts';

// PDFium traps for real (an out-of-bounds write inside the WebAssembly) on the pages named by
// the worker's test-only fault hook (MEMAGENT_TEST_PDFIUM_TRAP, see pdf-worker.ts): no file
// here makes PDFium crash, and the replacement of a dead engine must still be proven.

const PAGES = 40;
const pdf = makePdf({
  title: 'Minutes',
  pages: Array.from({ length: PAGES }, (_, i) => ({ lines: [`Minutes of meeting ${i + 1}.`] })),
});

// The document workers' threads (spawnDocumentWorker names them), where the system lists a
// process's threads (Linux); null elsewhere.
function documentThreads(): number | null {
  if (!existsSync('/proc/self/task')) return null;
  let count = 0;
  for (const task of readdirSync('/proc/self/task')) {
    try {
      if (readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() === 'document-worker')
        count++;
    } catch {
      // The thread ended while the list was read.
    }
  }
  return count;
}

// Terminated workers end shortly after the extraction settles: waits (bounded) until they have.
async function threadsLeft(): Promise<number | null> {
  const until = Date.now() + 10_000;
  while ((documentThreads() ?? 0) > 0 && Date.now() < until) await sleep(10);
  return documentThreads();
}

describe('a PDF worker whose engine traps', () => {
  afterEach(() => {
    delete process.env.MEMAGENT_TEST_PDFIUM_TRAP;
  });

  it('is replaced: the page that killed it is reported damaged, the others read in order', async () => {
    process.env.MEMAGENT_TEST_PDFIUM_TRAP = '5';
    // The workers' threads while pages come in: proves the count sees them where it works.
    let seenThreads = documentThreads();
    const doc = await extractDocument(
      { bytes: pdf, name: 'minutes.pdf' },
      { onProgress: () => (seenThreads = Math.max(seenThreads ?? 0, documentThreads() ?? 0)) },
    );
    expect(doc.warnings).toContain('Page 5 could not be read (damaged) and was skipped.');
    expect(doc.text).not.toContain('Minutes of meeting 5.');
    // Pages 6-10 were in the dead worker's batch: its replacement read them.
    let at = -1;
    for (let n = 1; n <= PAGES; n++) {
      if (n === 5) continue;
      const next = doc.text.indexOf(`Minutes of meeting ${n}.`);
      expect(next, `page ${n}`).toBeGreaterThan(at);
      at = next;
    }
    if (seenThreads !== null) expect(seenThreads).toBeGreaterThan(0);
    expect(await threadsLeft()).not.toBeGreaterThan(0);
  });

  it('a document that kills every engine is Damaged after the last replacement', async () => {
    process.env.MEMAGENT_TEST_PDFIUM_TRAP = 'all';
    const error = await expectKind(extractDocument({ bytes: pdf, name: 'minutes.pdf' }), 'Damaged');
    expect(error.detail).toMatch(
      /PDFium failed 4 times: RuntimeError: memory access out of bounds/,
    );
    expect(await threadsLeft()).not.toBeGreaterThan(0);
    // This process is unharmed: the next document reads normally.
    delete process.env.MEMAGENT_TEST_PDFIUM_TRAP;
    const doc = await extractDocument({ bytes: pdf, name: 'minutes.pdf' });
    expect(doc.warnings).toEqual([]);
    expect(doc.text).toContain(`Minutes of meeting ${PAGES}.`);
  });
});
