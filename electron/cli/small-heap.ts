// The heap policy of the commands that hold long texts (`eval`, `make-eval`).
import v8 from 'node:v8';

/**
 * Asks V8 to keep the heap near what is live. By default it lets garbage grow to two or three
 * times the live heap before a full collection: with 3.5M-token evaluation rows (a 32 MB string
 * each, and as much garbage again while a row is read and planned) that took `memagent eval`
 * to 1.2-1.4 GB at 8 rows in flight and `make-eval` to 0.8-1.0 GB; with this flag about 0.65
 * and 0.5 GB, for about a third more CPU in this process (9-18% more wall time against a
 * zero-latency simulator, nothing measurable against a paced one): bench/eval-memory.ts and
 * docs/benchmarks.md.
 */
export function favourSmallHeap(): void {
  v8.setFlagsFromString('--optimize-for-size');
}
