import { describe, expect, it } from 'vitest';
import { DownloadProgressView } from './download-progress.ts';
import { LiveLine, terminalSink } from './live-line.ts';

function stream(isTTY: boolean, columns = 120) {
  const writes: string[] = [];
  return { writes, isTTY, columns, write: (t: string) => writes.push(t) };
}

describe('LiveLine', () => {
  it('shows outside text in its line and its notes, never lets it drive the terminal', () => {
    const s = stream(true);
    // A model reference is outside text: an escape in it would set the title or clear the screen.
    const view = new DownloadProgressView(s, 'evil\x1b]0;pwned\x07.gguf', () => 0);
    view.onEvent({ type: 'started', resumedFrom: 0, total: 100 });
    view.note('server says \x1b[2J hi');
    const written = s.writes.join('');
    expect(written).toContain('evil\\u001b]0;pwned\\u0007.gguf');
    expect(written).toContain('server says \\u001b[2J hi');
    // Only the line's own redraw (CR, erase line) reaches the terminal as control characters.
    expect(written.replaceAll('\r\x1b[2K', '').replaceAll('\n', '')).not.toMatch(/\p{Cc}/u);
  });

  it('writes plain lines at each 10% step into a file or pipe, redraws at most every 100 ms on a terminal', () => {
    let now = 0;
    let done = 0;
    const content = { text: () => `at ${done}`, position: () => ({ done, total: 100 }) };
    const plain = stream(false);
    const line = new LiveLine(plain, content, () => now);
    for (done = 1; done <= 100; done += 1) line.draw();
    expect(plain.writes).toEqual([
      'at 1\n',
      ...[10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((n) => `at ${n}\n`),
    ]);
    const tty = stream(true);
    const live = new LiveLine(tty, content, () => now);
    now = 1000;
    done = 1;
    live.draw();
    done = 2;
    live.draw(); // same instant: not due
    now = 1150;
    live.draw();
    expect(tty.writes).toEqual(['\r\x1b[2Kat 1', '\r\x1b[2Kat 2']);
  });

  it('shows nothing, not even at the end, while its content says it is not shown', () => {
    const s = stream(true);
    const line = new LiveLine(
      s,
      { text: () => 'x', position: () => ({ done: 0, total: 1 }), shown: () => false },
      () => 0,
    );
    line.draw(true);
    line.finish();
    expect(s.writes).toEqual([]);
  });
});

describe('terminalSink', () => {
  it('is live on a terminal only, and plain in a CI log or on a dumb terminal', () => {
    const tty = stream(true, 80);
    expect(terminalSink(tty, {}).isTTY).toBe(true);
    expect(terminalSink(tty, {}).columns).toBe(80);
    expect(terminalSink(tty, { CI: 'true' }).isTTY).toBe(false);
    expect(terminalSink(tty, { CI: '1' }).isTTY).toBe(false);
    expect(terminalSink(tty, { CI: 'false' }).isTTY).toBe(true);
    expect(terminalSink(tty, { TERM: 'dumb' }).isTTY).toBe(false);
    expect(terminalSink(stream(false), {}).isTTY).toBe(false);
    // A CI log gets the same plain lines as a file.
    const ci = terminalSink(tty, { CI: 'true' });
    const line = new LiveLine(
      ci,
      { text: () => 'half', position: () => ({ done: 5, total: 10 }) },
      () => 0,
    );
    line.draw();
    expect(tty.writes).toEqual(['half\n']);
  });
});
