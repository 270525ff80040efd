// The tokens a running question will have used when it is done, from what it used so far.
// Memory grows as the model reads (a few dozen tokens after the first chunks, often its whole
// budget by the end), and every request sends the memory and gets a new one back: projecting
// "cost so far × chunks / chunks done" ran 2.5× low. This follows the memory's growth instead.
import type { Usage } from '../../../shared/model.ts';

export interface ProjectionInput {
  /** Document tokens of every chunk, in order. */
  chunkTokens: readonly number[];
  /** Usage of the chunk requests done so far, in chunk order (the first `done.length` chunks). */
  done: readonly Usage[];
  /** The memory budget (max tokens of a memory update). */
  memoryTokens: number;
  /** The answer budget. */
  answerTokens: number;
}

/** Recent chunks show the memory's current growth better than the first ones. */
const TREND_WINDOW = 8;

/**
 * The run's projected total usage (chunk requests and the final request), or null before any
 * chunk is done. Per remaining chunk: its own tokens, the prompt's fixed part as observed, and
 * the memory, whose size follows the recent trend (least-squares slope, never shrinking) and
 * never passes the budget; each reply is that memory. The final request sends the last memory
 * and its answer is counted at the memory's size, within the answer budget.
 */
export function projectUsage(input: ProjectionInput): Usage | null {
  const { chunkTokens, done, memoryTokens, answerTokens } = input;
  const d = done.length;
  if (d === 0) return null;
  const memory = done.map((u) => Math.min(u.completionTokens, memoryTokens));
  // The prompt beyond the chunk and the memory it carried: template and question.
  let fixed = 0;
  for (let k = 0; k < d; k += 1) {
    fixed +=
      (done[k]?.promptTokens ?? 0) - (chunkTokens[k] ?? 0) - (k > 0 ? (memory[k - 1] ?? 0) : 0);
  }
  fixed = Math.max(0, fixed / d);
  const { level, slope } = trend(memory.slice(-TREND_WINDOW));
  const total: Usage = { promptTokens: 0, completionTokens: 0 };
  for (const u of done) {
    total.promptTokens += u.promptTokens;
    total.completionTokens += u.completionTokens;
  }
  let previous = memory[d - 1] ?? 0;
  for (let j = d; j < chunkTokens.length; j += 1) {
    const next = Math.min(memoryTokens, Math.max(previous, level + slope * (j - d + 1)));
    total.promptTokens += (chunkTokens[j] ?? 0) + fixed + previous;
    total.completionTokens += next;
    previous = next;
  }
  total.promptTokens += fixed + previous;
  total.completionTokens += Math.min(answerTokens, previous);
  return total;
}

/** The fitted memory size at the last point and its growth per chunk (at least 0). */
function trend(sizes: readonly number[]): { level: number; slope: number } {
  const n = sizes.length;
  const last = sizes[n - 1] ?? 0;
  if (n < 2) return { level: last, slope: 0 };
  const meanX = (n - 1) / 2;
  const meanY = sizes.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  sizes.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  });
  const slope = Math.max(0, sxy / sxx);
  return { level: Math.max(0, meanY + slope * (n - 1 - meanX)), slope };
}
