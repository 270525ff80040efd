import { CoreError } from '../errors.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import {
  additiveCut,
  codePointCuts,
  graphemeCuts,
  leadingSpaceEnd,
  type Level,
  paragraphCuts,
  sentenceCuts,
  wordCuts,
} from './chunker-boundaries.ts';

/** A chunk of the text: characters [start, end) holding `tokens` tokens (counted on its own). */
export interface TextChunk {
  index: number;
  start: number;
  end: number;
  tokens: number;
}

/** Smallest budget accepted: a character is at most 4 byte-level tokens. */
export const MIN_CHUNK_TOKENS = 8;
/** A cut at a weaker boundary is taken only when stronger ones would leave chunks this empty. */
const MIN_FILL = 0.9;
/** Chunks planned ahead and verified together (in parallel on the worker pool). */
const WINDOW = 8;

/** A run of text with its estimated token count and how strongly it may be cut after. */
interface Segment {
  readonly start: number;
  readonly end: number;
  readonly tokens: number;
  /** Boundary at `end`. */
  readonly level: Level;
  /** What it splits into: 2 sentences, 1 words, 0 characters. */
  readonly inner: 0 | 1 | 2;
  /** `tokens` is the count of exactly this text (not an estimate). */
  readonly exact: boolean;
}

/**
 * Cuts `text` into chunks of at most `chunkTokens` tokens of `tokenizer`, in order, covering
 * the text exactly once (the chunks' texts concatenate to `text`), never inside a character
 * and preferably not inside a grapheme cluster. A cut prefers the end of a paragraph, then of
 * a sentence, then a word boundary, as long as the chunk stays at least 90% full; a CJK
 * sentence without spaces is cut between characters. Nothing is dropped.
 *
 * Fast on books: paragraphs are counted once (in worker threads), packed by their counts, and
 * only the paragraph at each cut is split further; every chunk's count is then verified on its
 * own text (`tokens` is that exact count) and a chunk that came out too long is re-planned.
 */
export async function chunkText(
  text: string,
  tokenizer: Tokenizer,
  chunkTokens: number,
  signal?: AbortSignal,
): Promise<TextChunk[]> {
  if (!Number.isInteger(chunkTokens) || chunkTokens < MIN_CHUNK_TOKENS) {
    throw new CoreError(
      'BadUsage',
      `The chunk size must be a whole number of at least ${MIN_CHUNK_TOKENS} tokens.`,
      {
        hint: 'MemAgent uses 5000 tokens per chunk.',
        detail: `chunkTokens = ${chunkTokens}`,
      },
    );
  }
  signal?.throwIfAborted();
  if (text.length === 0) return [];
  const paragraphs = await countParagraphs(text, tokenizer, signal);
  return new Planner(text, tokenizer, chunkTokens, paragraphs, signal).run();
}

/** Text scanned for paragraphs between two turns of the event loop. */
const SCAN_CHARS = 128 * 1024;

/** All paragraphs with their counts; counting runs on the pool while the scan goes on. */
async function countParagraphs(
  text: string,
  tokenizer: Tokenizer,
  signal?: AbortSignal,
): Promise<Segment[]> {
  const parts: Promise<Segment[]>[] = [];
  let start = 0;
  for (let from = 0; from < text.length; from += SCAN_CHARS) {
    // A whitespace run may straddle two windows: never cut at or before the last cut again.
    const ends = paragraphCuts(
      text,
      Math.max(from, start),
      Math.min(text.length, from + SCAN_CHARS),
    ).filter((c) => c > start);
    if (from + SCAN_CHARS >= text.length) ends.push(text.length);
    if (ends.length === 0) continue;
    const starts = [start, ...ends.slice(0, -1)];
    start = ends[ends.length - 1]!;
    const counting = tokenizer.countMany(
      starts.map((s, i) => text.slice(s, ends[i])),
      signal,
    );
    parts.push(
      counting.then((counts) =>
        starts.map((s, i): Segment => ({
          start: s,
          end: ends[i]!,
          tokens: counts[i]!,
          level: 3,
          inner: 2,
          exact: true,
        })),
      ),
    );
    // Catch early so a failure while later parts are scanned is not reported as unhandled.
    parts[parts.length - 1]!.catch(() => undefined);
    await new Promise<void>((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
  }
  return (await Promise.all(parts)).flat();
}

interface PlannedChunk {
  start: number;
  end: number;
  /** The segments packed; the last one may end before `end` (spaces moved into the chunk). */
  segments: Segment[];
}

interface Snapshot {
  front: Segment[];
  next: number;
}

class Planner {
  private readonly text: string;
  private readonly tokenizer: Tokenizer;
  private readonly limit: number;
  private readonly paragraphs: Segment[];
  private readonly signal: AbortSignal | undefined;
  /** Segments split off the paragraph list, the next one last. */
  private front: Segment[] = [];
  private next = 0;
  private lastYield = performance.now();

  constructor(
    text: string,
    tokenizer: Tokenizer,
    limit: number,
    paragraphs: Segment[],
    signal: AbortSignal | undefined,
  ) {
    this.text = text;
    this.tokenizer = tokenizer;
    this.limit = limit;
    this.paragraphs = paragraphs;
    this.signal = signal;
  }

  async run(): Promise<TextChunk[]> {
    const chunks: TextChunk[] = [];
    let retryBudget: number | undefined;
    for (;;) {
      const planned: (PlannedChunk & { budget: number; snapshot: Snapshot })[] = [];
      for (let w = 0; w < WINDOW; w++) {
        const snapshot: Snapshot = { front: this.front.slice(), next: this.next };
        const budget = w === 0 && retryBudget !== undefined ? retryBudget : this.limit;
        const span = await this.planChunk(budget);
        if (!span) break;
        planned.push({ ...span, budget, snapshot });
      }
      retryBudget = undefined;
      if (planned.length === 0) return chunks;
      const counts = await this.chunkCounts(planned);
      for (let i = 0; i < planned.length; i++) {
        const p = planned[i]!;
        if (counts[i]! <= this.limit) {
          chunks.push({ index: chunks.length, start: p.start, end: p.end, tokens: counts[i]! });
          continue;
        }
        // Counts of the parts did not add up (tokens merged across a cut): plan it again, smaller.
        this.front = p.snapshot.front;
        this.next = p.snapshot.next;
        retryBudget = Math.max(1, p.budget - (counts[i]! - this.limit) - 1);
        break;
      }
    }
  }

  /** Plans one chunk from the current position; undefined at the end of the text. */
  private async planChunk(budget: number): Promise<PlannedChunk | undefined> {
    const acc: Segment[] = [];
    const cum: number[] = [];
    let fill = 0;
    const minFill = Math.ceil(this.limit * MIN_FILL);
    for (;;) {
      await this.maybeYield();
      const x = this.take();
      if (!x) break;
      if (fill + x.tokens <= budget) {
        acc.push(x);
        fill += x.tokens;
        cum.push(fill);
        continue;
      }
      const at = bestCut(acc, cum, x.inner + 1, minFill, budget);
      if (at !== -1) {
        this.giveBack([x]);
        this.giveBack(acc.splice(at + 1));
        fill = cum[at]!;
        break;
      }
      if (x.inner > 0) {
        this.giveBack(await this.expand(x));
        continue;
      }
      const split = await this.splitCharacters(x, budget - fill, acc.length === 0);
      if (!split) {
        this.giveBack([x]);
        break;
      }
      acc.push(split[0]);
      fill += split[0].tokens;
      cum.push(fill);
      if (split[1]) {
        this.giveBack([split[1]]);
        break;
      }
      // The whole segment fitted after all (its estimate was high): go on packing.
    }
    if (acc.length === 0) return undefined;
    const start = acc[0]!.start;
    let end = acc[acc.length - 1]!.end;
    // Cut after the spaces before the next word, not before them: the next chunk starts with
    // it. The spaces may cost this chunk a token, so only when there is room for one.
    const top = this.front[this.front.length - 1];
    if (acc[acc.length - 1]!.level < 3 && top && top.start === end && fill < budget) {
      const spaceEnd = leadingSpaceEnd(this.text, end, top.end);
      if (spaceEnd > end && spaceEnd < top.end) {
        this.front[this.front.length - 1] = { ...top, start: spaceEnd, exact: false };
        end = spaceEnd;
      }
    }
    return { start, end, segments: acc };
  }

  /**
   * Each planned chunk's exact count. With a tokenizer whose counts add up across paragraph
   * cuts, only runs of segments joined inside a paragraph (and estimates) are counted again:
   * a chunk of whole paragraphs costs nothing. Otherwise every chunk is counted on its text.
   */
  private async chunkCounts(planned: readonly PlannedChunk[]): Promise<number[]> {
    const texts: string[] = [];
    const parts = planned.map((p) => {
      const known: number[] = [];
      const pending: number[] = [];
      if (!this.tokenizer.additiveAtLineBreaks) {
        pending.push(texts.push(this.text.slice(p.start, p.end)) - 1);
        return { known, pending };
      }
      const segs = p.segments;
      let first = 0;
      for (let i = 0; i < segs.length; i++) {
        const last = i === segs.length - 1;
        if (!last && segs[i]!.level === 3 && additiveCut(this.text, segs[i]!.end)) {
          this.group(segs, first, i, p.end, false, known, pending, texts);
          first = i + 1;
        } else if (last) {
          this.group(segs, first, i, p.end, true, known, pending, texts);
        }
      }
      return { known, pending };
    });
    const counts = texts.length > 0 ? await this.count(texts) : [];
    return parts.map(
      ({ known, pending }) =>
        known.reduce((a, b) => a + b, 0) + pending.reduce((a, k) => a + counts[k]!, 0),
    );
  }

  private group(
    segs: readonly Segment[],
    a: number,
    b: number,
    chunkEnd: number,
    isLast: boolean,
    known: number[],
    pending: number[],
    texts: string[],
  ): void {
    const end = isLast ? chunkEnd : segs[b]!.end;
    if (a === b && segs[a]!.exact && end === segs[b]!.end) known.push(segs[a]!.tokens);
    else pending.push(texts.push(this.text.slice(segs[a]!.start, end)) - 1);
  }

  private take(): Segment | undefined {
    return this.front.pop() ?? this.paragraphs[this.next++];
  }

  /** Puts segments back so that `segments[0]` is taken next. */
  private giveBack(segments: readonly Segment[]): void {
    for (let i = segments.length - 1; i >= 0; i--) this.front.push(segments[i]!);
  }

  /** A paragraph as sentences, or a sentence as words, each counted. */
  private async expand(x: Segment): Promise<Segment[]> {
    const inner = x.inner === 2 ? 1 : 0;
    const cuts =
      x.inner === 2 ? sentenceCuts(this.text, x.start, x.end) : wordCuts(this.text, x.start, x.end);
    if (cuts.length === 1) return [{ ...x, inner }];
    const starts = [x.start, ...cuts.slice(0, -1)];
    const counts = await this.count(starts.map((s, i) => this.text.slice(s, cuts[i])));
    const level: Level = x.inner === 2 ? 2 : 1;
    return starts.map((start, i) => ({
      start,
      end: cuts[i]!,
      tokens: counts[i]!,
      level: i === cuts.length - 1 ? x.level : level,
      inner,
      exact: true,
    }));
  }

  /**
   * The longest prefix of `x` ending at a grapheme boundary (a code point one when `mustTake`
   * and not even one grapheme fits) with at most `room` tokens, as [prefix, rest].
   */
  private async splitCharacters(
    x: Segment,
    room: number,
    mustTake: boolean,
  ): Promise<[Segment, Segment?] | undefined> {
    let cut: { end: number; tokens: number; exact?: false } | undefined = await this.longestPrefix(
      x,
      room,
      graphemeCuts,
    );
    if (cut === undefined && mustTake) {
      cut = (await this.longestPrefix(x, room, codePointCuts)) ?? {
        end: codePointCuts(this.text, x.start, x.end, 2)[0]!,
        tokens: room,
        exact: false,
      };
    }
    if (cut === undefined) return undefined;
    if (cut.end >= x.end) return [{ ...x, tokens: cut.tokens, exact: cut.exact ?? true }];
    return [
      {
        start: x.start,
        end: cut.end,
        tokens: cut.tokens,
        level: 0,
        inner: 0,
        exact: cut.exact ?? true,
      },
      {
        start: cut.end,
        end: x.end,
        tokens: Math.max(1, x.tokens - cut.tokens),
        level: x.level,
        inner: 0,
        exact: false,
      },
    ];
  }

  private async longestPrefix(
    x: Segment,
    room: number,
    boundaries: (text: string, start: number, end: number, maxChars: number) => number[],
  ): Promise<{ end: number; tokens: number } | undefined> {
    const length = x.end - x.start;
    // Look only as far as the room can reach (judged by the segment's characters per token).
    let window = Math.min(length, Math.ceil((room * length * 1.5) / Math.max(1, x.tokens)) + 256);
    let cuts = boundaries(this.text, x.start, x.end, window);
    while (window < length && cuts.length > 0) {
      const [n] = await this.count([this.text.slice(x.start, cuts[cuts.length - 1])]);
      if (n! > room) break;
      window = Math.min(length, window * 2);
      cuts = boundaries(this.text, x.start, x.end, window);
    }
    let lo = -1;
    let loTokens = 0;
    let hi = cuts.length;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      const [n] = await this.count([this.text.slice(x.start, cuts[mid])]);
      if (n! <= room) {
        lo = mid;
        loTokens = n!;
      } else {
        hi = mid;
      }
    }
    return lo === -1 ? undefined : { end: cuts[lo]!, tokens: loTokens };
  }

  private async count(texts: string[]): Promise<number[]> {
    const counts = await this.tokenizer.countMany(texts, this.signal);
    await this.maybeYield();
    return counts;
  }

  // Counting short texts runs synchronously on this thread; give the event loop a turn now
  // and then so a book's chunking never blocks the app for more than a few milliseconds.
  private async maybeYield(): Promise<void> {
    this.signal?.throwIfAborted();
    if (performance.now() - this.lastYield < 8) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.lastYield = performance.now();
    this.signal?.throwIfAborted();
  }
}

/**
 * The last accumulated segment whose end is at least `minLevel` strong and `minFill` full.
 * A cut inside a paragraph moves past the following spaces, which may cost a token: such a
 * cut must leave one token of room.
 */
function bestCut(
  acc: readonly Segment[],
  cum: readonly number[],
  minLevel: number,
  minFill: number,
  budget: number,
): number {
  for (let i = acc.length - 1; i >= 0 && cum[i]! >= minFill; i--) {
    const level = acc[i]!.level;
    if (level >= minLevel && (level === 3 || cum[i]! < budget)) return i;
  }
  return -1;
}
