import { describe, expect, it } from 'vitest';
import type { Events } from '../../shared/api.ts';
import type { ChunkInfo } from '../../shared/model.ts';
import { ProgressView } from './progress.ts';
import { ReadingProgress } from './reading-progress.ts';

const chunks: ChunkInfo[] = Array.from({ length: 20 }, (_, i) => ({
  index: i,
  start: i * 100,
  end: (i + 1) * 100,
  tokens: 1000,
}));
// Numbered as the run registry numbers them: one run, chunk k's event is the (k+1)th.
const done = (chunk: number): Events['run:event'] => ({
  seq: chunk + 1,
  event: {
    type: 'chunk-done',
    runId: 'r',
    state: {
      chunk,
      memory: 'm',
      usage: { promptTokens: 1, completionTokens: 1 },
      ms: 1,
      kept: false,
    },
  },
});

const timeLeft = (seq: number, ms: number): Events['run:event'] => ({
  seq,
  event: { type: 'time-left', runId: 'r', left: { known: true, ms, basis: 'run' } },
});

function sink(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, isTTY, columns: 120, write: (t: string) => writes.push(t) };
}

describe('ProgressView', () => {
  it('shows chunk k/N, tokens per second, elapsed and the time left the run clock sent', () => {
    let now = 0;
    const s = sink(false);
    const view = new ProgressView(s, chunks, 1, () => now);
    now = 2000;
    view.onEvent(done(0));
    view.onEvent(done(1));
    // No figure from the run's clock yet: said so, not guessed from the token rate.
    expect(view.line()).toBe(
      '[##..................] chunk 2/20 · 1.0k tok/s · 00:02 elapsed · ETA known after the first chunks',
    );
    view.onEvent(timeLeft(3, 600_000));
    now = 5000;
    // Counted down from when it came: 10 min − 3 s.
    expect(view.line()).toBe(
      '[##..................] chunk 2/20 · 400 tok/s · 00:05 elapsed · ETA 09:57',
    );
  });

  it('after resume, counts skipped chunks as done but not as read in its speed', () => {
    let now = 0;
    const view = new ProgressView(sink(false), chunks, 1, () => now);
    view.onEvent({
      seq: 1,
      event: { type: 'started', runId: 'r', chunkCount: 20, chunks, startChunk: 10, model: 'm' },
    });
    now = 2000;
    view.onEvent({ ...done(10), seq: 2 });
    // 11 of 20 behind the run, but one chunk (1,000 tokens) read in 2 s: 500 tok/s, not 5.5k.
    expect(view.line()).toMatch(/^\[#+\.+\] chunk 11\/20 · 500 tok\/s · 00:02 elapsed/);
  });

  it('writes plain lines only every 10% when stderr is not a terminal', () => {
    let now = 0;
    const s = sink(false);
    const view = new ProgressView(s, chunks, 1, () => now);
    for (let k = 0; k < 20; k += 1) {
      now += 10;
      view.onEvent(done(k));
    }
    expect(s.writes.at(-1)).toMatch(/chunk 20\/20 · 100k tok\/s · 00:00 elapsed · answering\n$/);
    view.finish();
    expect(s.writes.every((w) => w.endsWith('\n') && !w.includes('\r'))).toBe(true);
    expect(s.writes).toHaveLength(11); // the first chunk, then each further 10%
    expect(s.writes.at(-1)).toContain('chunk 20/20');
  });

  it('redraws one line with \\r on a terminal, and notes do not break it', () => {
    let now = 0;
    const s = sink(true);
    const view = new ProgressView(s, chunks, 2, () => now);
    view.draw(true);
    now += 500;
    view.onEvent(done(0));
    view.note('warning: empty memory');
    view.finish();
    expect(s.writes[0]?.startsWith('\r\x1b[2K[')).toBe(true);
    expect(s.writes).toContain('\r\x1b[2Kwarning: empty memory\n');
    expect(s.writes.at(-2)).toContain('chunks 1/40 (2 questions)');
    expect(s.writes.at(-1)).toBe('\n');
  });

  it('on a terminal, a note from the model shows its escapes and only the redraw is obeyed', () => {
    const s = sink(true);
    const view = new ProgressView(s, chunks, 1, () => 0);
    view.draw(true);
    view.note('warning: \x1b]0;PWNED\x07\x1b[2J\u202Eexe');
    const note = s.writes[1] ?? '';
    expect(note).toBe('\r\x1b[2Kwarning: \\u001b]0;PWNED\\u0007\\u001b[2J\\u202eexe\n');
  });
});

describe('ReadingProgress', () => {
  it('stays silent for a text layer and shows pages read and recognised once OCR starts', () => {
    let now = 0;
    const quiet = sink(false);
    const text = new ReadingProgress(quiet, () => now);
    for (let done = 1; done <= 40; done++) text.onPages({ done, total: 40 });
    text.finish();
    expect(quiet.writes).toEqual([]);

    const s = sink(false);
    const view = new ReadingProgress(s, () => now);
    view.onPages({ done: 10, total: 40 });
    view.onOcrStart();
    expect(s.writes.at(-1)).toMatch(/page 10\/40 · recognising pages by OCR \(0 done\)/);
    now += 4000;
    view.onOcrFinish(1);
    view.onPages({ done: 11, total: 40 });
    view.onOcrStart();
    // 4 s a page, 29 pages left.
    expect(view.line()).toBe(
      '[######..............] page 11/40 · recognising pages by OCR (1 done) · 00:04 elapsed · ETA 01:56',
    );
    view.finish();
    expect(s.writes.at(-1)).toMatch(/page 11\/40 .* 00:04 elapsed\n$/);
  });

  it('has no page count or ETA before the first page is done (the first page of a scan)', () => {
    let now = 0;
    const view = new ReadingProgress(sink(false), () => now);
    view.onOcrStart();
    now += 4000;
    view.onOcrFinish(1);
    expect(view.line()).toBe(
      '[....................] recognising pages by OCR (1 done) · 00:04 elapsed · ETA --:--',
    );
  });
});
