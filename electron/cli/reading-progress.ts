import { bar, clock, LiveLine, type ProgressSink } from './live-line.ts';

/**
 * The progress line while a document is read, shown once OCR starts (seconds a page; text
 * layers take milliseconds and show nothing): pages read out of the total, pages recognised,
 * elapsed time and an ETA from the time OCR has taken per page so far.
 */
export class ReadingProgress {
  #line: LiveLine;
  #now: () => number;
  #done = 0;
  #total = 0;
  #recognised = 0;
  #ocrSince: number | undefined;
  #finished = false;

  constructor(sink: ProgressSink, now: () => number = () => performance.now()) {
    this.#line = new LiveLine(
      sink,
      {
        text: () => this.line(),
        // The page count arrives with the first finished page: a bar of 1 until then.
        position: () => ({ done: this.#done, total: Math.max(1, this.#total) }),
        shown: () => this.#ocrSince !== undefined,
      },
      now,
    );
    this.#now = now;
  }

  /** Pages whose text is final (read or recognised) out of the total. */
  onPages(p: { done: number; total: number }): void {
    this.#done = p.done;
    this.#total = p.total;
    this.draw(false);
  }

  /** A page went to OCR: the line appears with the first. */
  onOcrStart(): void {
    if (this.#ocrSince !== undefined) return;
    this.#ocrSince = this.#now();
    this.draw(true);
  }

  /** A page finished recognising. */
  onOcrFinish(recognised: number): void {
    this.#recognised = recognised;
    this.draw(false);
  }

  /** The line's text (no control characters). */
  line(): string {
    const elapsed = this.#now() - (this.#ocrSince ?? this.#now());
    const left = this.#total - this.#done;
    const known = this.#recognised > 0 && this.#total > 0;
    const eta = known ? (elapsed / this.#recognised) * left : Number.NaN;
    const tail = this.#finished ? '' : ` · ETA ${clock(eta)}`;
    // The page count arrives with the first finished page, which may be the first recognised.
    const pages = this.#total === 0 ? '' : `page ${this.#done}/${this.#total} · `;
    return `${bar(this.#done, Math.max(1, this.#total))} ${pages}recognising pages by OCR (${this.#recognised} done) · ${clock(elapsed)} elapsed${tail}`;
  }

  draw(force: boolean): void {
    this.#line.draw(force);
  }

  /** Ends the line, if OCR ever drew it. */
  finish(): void {
    if (this.#ocrSince === undefined || this.#finished) return;
    this.#finished = true;
    this.#line.finish();
  }
}
