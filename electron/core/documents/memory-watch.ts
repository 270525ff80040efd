import type { Worker } from 'node:worker_threads';

/** How often the workers' memory is read: a PDF engine inflates tens of MB in that time. */
const POLL_MS = 50;

/**
 * Watches the memory of a set of workers (V8 heap committed plus external memory: the buffers a
 * decompressor fills live outside the heap limit) and calls `onExceeded` once with the sum when
 * it passes `maxBytes`. The heap statistics are read through the worker's interrupt, so a worker
 * stuck in synchronous code is measured too. Returns a function that stops watching and tells
 * the highest sum seen. `extraBytes` adds memory the heap statistics do not see (PDFium's
 * WebAssembly memory, which its workers report as it grows).
 */
export function watchMemory(
  workers: () => readonly Worker[],
  maxBytes: number,
  onExceeded: (used: number) => void,
  extraBytes: () => number = () => 0,
): () => number {
  let peak = 0;
  let busy = false;
  let stopped = false;
  const poll = async (): Promise<void> => {
    busy = true;
    const sums = await Promise.all(
      workers().map((worker) =>
        worker.getHeapStatistics().then(
          (s) => s.total_heap_size + s.external_memory,
          () => 0, // a worker that has just exited uses nothing
        ),
      ),
    );
    busy = false;
    const used = sums.reduce((a, b) => a + b, 0) + extraBytes();
    peak = Math.max(peak, used);
    if (!stopped && used > maxBytes) {
      stopped = true;
      clearInterval(timer);
      onExceeded(used);
    }
  };
  const timer = setInterval(() => {
    if (!busy) void poll();
  }, POLL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
    return peak;
  };
}
