// The review table's frames while cells stream in: a review of 50 documents × 20 questions
// (1,000 cells) open in Debian's Chromium, and 200 of its cells changed at once by one
// `review:cells` push (some reading a chunk further, some answered), pushed on every animation
// frame for 240 frames (far more often than the service's feed, which sends a review's changes at
// most four times a second). Per push: the time from the push to the table laid out again
// (zustand patch, React render of the changed cells, style and layout), and the frame interval.
// Run: npm exec -- node bench/renderer-review-table.ts   (builds nothing: run `vite build` first).
import { launchChromium } from '../e2e/harness/browser.ts';
import { rendererDir } from '../e2e/harness/paths.ts';
import { serveStatic } from '../e2e/harness/static-server.ts';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';

const SIZE = { documents: 50, questions: 20, changed: 200, frames: 240 };

/** In-page bridge: the review, its list entry, and `__benchPush()` sending 200 changed cells. */
function installReviewBridge(size: typeof SIZE & { settings: unknown }): void {
  const kinds = ['yes_no', 'date', 'amount', 'duration', 'party', 'clause', 'number', 'text'];
  const questions = Array.from({ length: size.questions }, (_, q) => ({
    id: `q${q}`,
    text: `Question ${q + 1}: what does clause ${q + 3} of the agreement say about the parties?`,
    kind: kinds[q % kinds.length],
    ...(q % 4 === 0 ? { expected: 'Yes' } : {}),
  }));
  const documents = Array.from({ length: size.documents }, (_, d) => ({
    id: `d${d}`,
    title: `Supply agreement ${d + 1} with a long counterparty name Ltd`,
    path: `/contracts/agreement-${d + 1}.pdf`,
    pageCount: 40 + d * 5,
  }));
  const cell = (d: number, q: number, step: number) => {
    const chunks = 30;
    const answered = (d + q + step) % 3 !== 0;
    return {
      documentId: `d${d}`,
      questionId: `q${q}`,
      status: answered ? 'answered' : 'reading',
      ...(answered
        ? {
            answer: `The agreement says answer ${step} for clause ${q}`,
            value: `v${(d * q + step) % 5}`,
            display: ['Yes', 'No', '31 Jan 2026', 'EUR 12,000', 'England'][(d * q + step) % 5],
            disagrees: (d + step) % 7 === 0,
          }
        : {}),
      coverage: {
        chunksRead: answered ? chunks : (step + d) % chunks,
        chunks,
        complete: answered && (d + q) % 11 !== 0,
        pages: { first: 1, last: 40 + d * 5 },
      },
      evidence: [],
      runId: `r${d}-${q}-${step}`,
      history: [],
    };
  };
  const cells = documents.flatMap((_, d) => questions.map((_, q) => cell(d, q, 0)));
  const review = {
    id: 'bench-review',
    title: 'Supply agreements, spring',
    checklistName: 'Supply checklist',
    state: 'running',
    createdAt: Date.now(),
    updatedAt: Date.now(),
    counts: { cells: cells.length, done: 600, reading: 400, queued: 0, failed: 0 },
  };
  const responses: Record<string, unknown> = {
    'reviews:list': [{ ...review, documents: size.documents, questions: size.questions }],
    'reviews:get': { review, documents, questions, cells },
    'jobs:list': [],
    'documents:list': [],
    'runs:counts': [],
    'settings:get': { profiles: [], activeProfileId: null, defaults: size.settings },
  };
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  let step = 0;
  Object.assign(window, {
    __benchPush() {
      step += 1;
      const changed = [];
      for (let i = 0; i < size.changed; i += 1) {
        const at = (step * 37 + i * 5) % cells.length;
        changed.push(cell(Math.floor(at / size.questions), at % size.questions, step));
      }
      for (const listener of listeners.get('review:cells') ?? [])
        listener({ review: { ...review, updatedAt: Date.now() }, cells: changed });
    },
  });
  Object.defineProperty(window, 'memagent', {
    value: Object.freeze({
      invoke: async (name: string) => ({ ok: true, value: responses[name] ?? null }),
      on: (name: string, listener: (payload: unknown) => void) => {
        const set = listeners.get(name) ?? new Set();
        set.add(listener);
        listeners.set(name, set);
        return () => set.delete(listener);
      },
    }),
  });
}

const f = (n: number) => n.toFixed(1);

const server = await serveStatic(rendererDir);
const browser = await launchChromium();
try {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1920, height: 1080 },
  ]) {
    const page = await browser.newPage({ viewport });
    await page.addInitScript(installReviewBridge, { ...SIZE, settings: DEFAULT_RUN_SETTINGS });
    await page.goto(server.url);
    await page
      .getByRole('navigation', { name: 'Screens' })
      .getByRole('button', { name: 'Reviews' })
      .click();
    const t0 = Date.now();
    await page.getByRole('button', { name: /Open the review/ }).click();
    await page.locator('.rt-cell').first().waitFor();
    const openMs = Date.now() - t0;
    const rendered = await page.locator('.rt-cell').count();
    const stats = await page.evaluate(async (frames) => {
      const push = (window as unknown as { __benchPush(): void }).__benchPush;
      const grid = document.querySelector('.rt-scroll') as HTMLElement;
      const work: number[] = [];
      const parts: number[][] = [];
      const deltas: number[] = [];
      // React renders a push in a task it posts (MessageChannel); one posted after the push
      // runs after it, so the time to that task plus a forced layout is the push's whole cost.
      const after = () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      let last = performance.now();
      for (let n = 0; n < frames; n += 1) {
        const now = await new Promise<number>((r) => requestAnimationFrame(r));
        deltas.push(now - last);
        last = now;
        const t = performance.now();
        push();
        const pushed = performance.now();
        await after();
        const rendered = performance.now();
        void grid.getBoundingClientRect().height;
        void (grid.lastElementChild as HTMLElement | null)?.offsetHeight;
        work.push(performance.now() - t);
        parts.push([pushed - t, rendered - pushed, performance.now() - rendered]);
      }
      const q = (xs: number[], p: number) => {
        const s = [...xs].sort((a, b) => a - b);
        return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
      };
      const d = deltas.slice(2);
      return {
        parts: [0, 1, 2].map((i) =>
          q(
            parts.map((x) => x[i]!),
            0.5,
          ),
        ),
        workP50: q(work, 0.5),
        workP95: q(work, 0.95),
        workMax: Math.max(...work),
        over16: work.filter((w) => w > 16).length,
        p50: q(d, 0.5),
        p95: q(d, 0.95),
        max: Math.max(...d),
      };
    }, SIZE.frames);
    console.log(
      `review table ${SIZE.documents} × ${SIZE.questions} at ${viewport.width}×${viewport.height} (Chromium ${browser.version()}): opened in ${openMs} ms, ${rendered} cells in the DOM`,
    );
    // As the service's feed sends them: a push of 200 cells four times a second (every 15th
    // frame), for 240 frames; the frames between pushes are idle.
    const paced = await page.evaluate(async (frames) => {
      const push = (window as unknown as { __benchPush(): void }).__benchPush;
      const deltas: number[] = [];
      let last = performance.now();
      for (let n = 0; n < frames; n += 1) {
        const now = await new Promise<number>((r) => requestAnimationFrame(r));
        deltas.push(now - last);
        last = now;
        if (n % 15 === 0) push();
      }
      const d = deltas.slice(2).sort((a, b) => a - b);
      return {
        p50: d[Math.floor(d.length / 2)] ?? 0,
        p95: d[Math.floor(d.length * 0.95)] ?? 0,
        max: d[d.length - 1] ?? 0,
        over: d.filter((x) => x > 17).length,
      };
    }, SIZE.frames);
    console.log(
      `  a push every 15th frame (the feed's 4 a second), ${SIZE.frames} frames: frame interval p50 ${f(paced.p50)} / p95 ${f(paced.p95)} / max ${f(paced.max)} ms, frames over 17 ms: ${paced.over}`,
    );
    console.log(`  push / render / layout p50: ${stats.parts.map(f).join(' / ')} ms`);
    console.log(
      `  ${SIZE.changed} cells per push, a push every frame for ${SIZE.frames} frames: push to layout p50 ${f(stats.workP50)} / p95 ${f(stats.workP95)} / max ${f(stats.workMax)} ms, over 16 ms: ${stats.over16}; frame interval p50 ${f(stats.p50)} / p95 ${f(stats.p95)} / max ${f(stats.max)} ms`,
    );
    // What a push changes in the page, counted apart from the timed runs (an observer slows
    // them): the DOM's mutation records per push (attributes, text, nodes added and removed),
    // the same on a loaded machine as on an idle one.
    const mutations = await page.evaluate(async (pushes) => {
      const push = (window as unknown as { __benchPush(): void }).__benchPush;
      const counts = { attributes: 0, characterData: 0, childList: 0 };
      const observer = new MutationObserver((records) => {
        for (const r of records) counts[r.type] += 1;
      });
      observer.observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
      for (let n = 0; n < pushes; n += 1) {
        await new Promise<number>((r) => requestAnimationFrame(r));
        push();
      }
      // The last push's deferred render (the summaries) lands before the next frame.
      await new Promise<number>((r) => requestAnimationFrame(r));
      await new Promise<number>((r) => requestAnimationFrame(r));
      observer.disconnect();
      return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v / pushes]));
    }, 60);
    console.log(
      `  DOM mutation records per push (60 pushes): attributes ${f(mutations.attributes!)}, text ${f(mutations.characterData!)}, nodes added/removed ${f(mutations.childList!)}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
