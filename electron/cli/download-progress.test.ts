import { describe, expect, it } from 'vitest';
import { DownloadProgressView } from './download-progress.ts';

function sink(isTTY: boolean, columns = 120) {
  const writes: string[] = [];
  return { writes, isTTY, columns, write: (t: string) => writes.push(t) };
}

const GB = 1_000_000_000;

describe('DownloadProgressView', () => {
  it('shows the bar, bytes of total, speed and time left, redrawn in place on a terminal', () => {
    let now = 0;
    const s = sink(true);
    const view = new DownloadProgressView(s, 'qwen2.5-7b-instruct-q4_k_m', () => now);
    view.onEvent({ type: 'started', resumedFrom: 0, total: 4.68 * GB });
    now = 1000;
    view.onEvent({
      type: 'progress',
      progress: { received: 1.17 * GB, total: 4.68 * GB, bytesPerSec: 25_000_000, etaMs: 140_400 },
    });
    expect(s.writes.at(-1)).toBe(
      '\r\x1b[2K[#####...............] qwen2.5-7b-instruct-q4_k_m · 1.2 GB of 4.7 GB · 25.0 MB/s · 02:20 left',
    );
    view.onEvent({
      type: 'retrying',
      attempt: 1,
      of: 3,
      reason: 'The download stalled: cdn sent nothing for 60 s.',
      received: 1.17 * GB,
    });
    // The note gets its own line; the bar is drawn again under it.
    expect(s.writes.at(-2)).toBe(
      '\r\x1b[2KThe download stalled: cdn sent nothing for 60 s. Continuing (attempt 1 of 3)…\n',
    );
    expect(s.writes.at(-1)?.startsWith('\r\x1b[2K[#####')).toBe(true);
  });

  it('cuts the line to a narrow terminal, and says a resumed download continues', () => {
    const s = sink(true, 40);
    const view = new DownloadProgressView(s, 'hf:owner/repo/Model.gguf', () => 0);
    view.onEvent({ type: 'started', resumedFrom: 2 * GB, total: 4 * GB });
    expect(s.writes.join('')).toContain('Continuing from 2.0 GB.\n');
    expect(s.writes.at(-1)?.length).toBeLessThanOrEqual('\r\x1b[2K'.length + 39);
  });

  it('shows control characters from a server as text, never obeyed', () => {
    const s = sink(false);
    const view = new DownloadProgressView(s, 'm', () => 0);
    view.onEvent({ type: 'restarted', reason: 'evil\x1b]52;c;aGk=\x07 host' });
    expect(s.writes.join('')).toBe('evil\\u001b]52;c;aGk=\\u0007 host\n');
  });
});
