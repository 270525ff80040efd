// The download's live line on stderr: bar, bytes of total, speed and time left. Redrawn in place
// on a terminal; into a file or a pipe, a plain line every 10% (or 30 s), as LiveLine does.
import { formatBytes } from '../../shared/model-catalogue.ts';
import type { DownloadEvent, DownloadProgress } from '../core/models/index.ts';
import { bar, clock, LiveLine, type ProgressSink } from './live-line.ts';

export class DownloadProgressView {
  #line: LiveLine;
  #last: DownloadProgress = { received: 0, bytesPerSec: 0 };
  #label: string;

  constructor(sink: ProgressSink, label: string, now: () => number = () => performance.now()) {
    this.#line = new LiveLine(
      sink,
      {
        text: () => this.line(),
        position: () => ({ done: this.#last.received, total: this.#last.total ?? 0 }),
      },
      now,
    );
    this.#label = label;
  }

  /** What was received last (for the paused message). */
  get last(): DownloadProgress {
    return this.#last;
  }

  /** The line's text (no control characters). */
  line(): string {
    const p = this.#last;
    const of = p.total === undefined ? '' : ` of ${formatBytes(p.total)}`;
    const speed = p.bytesPerSec > 0 ? `${formatBytes(Math.round(p.bytesPerSec))}/s` : '--/s';
    const left = p.etaMs === undefined ? '--:--' : clock(p.etaMs);
    return `${bar(p.received, p.total ?? 0)} ${this.#label} · ${formatBytes(p.received)}${of} · ${speed} · ${left} left`;
  }

  onEvent(event: DownloadEvent): void {
    switch (event.type) {
      case 'progress':
        this.#last = event.progress;
        this.#draw(false);
        return;
      case 'started':
        this.#last = {
          received: event.resumedFrom,
          bytesPerSec: 0,
          ...(event.total === undefined ? {} : { total: event.total }),
        };
        if (event.resumedFrom > 0) this.note(`Continuing from ${formatBytes(event.resumedFrom)}.`);
        this.#draw(true);
        return;
      case 'rehashing':
        this.note(`Checking the ${formatBytes(event.bytes)} downloaded earlier…`);
        return;
      case 'restarted':
        this.note(event.reason);
        return;
      case 'retrying':
        this.note(`${event.reason} Continuing (attempt ${event.attempt} of ${event.of})…`);
        return;
      case 'connecting':
        return;
    }
  }

  #draw(force: boolean): void {
    this.#line.draw(force);
  }

  /** A message on its own line (server text is shown, not obeyed). */
  note(text: string): void {
    this.#line.note(text);
  }

  finish(): void {
    this.#line.finish();
  }
}
