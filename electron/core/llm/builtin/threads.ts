/**
 * CPU threads for the built-in model when the user sets none: the cores useful for math
 * (node-llama-cpp's `cpuMathCores`, physical cores) minus one left for the window and the rest of
 * the app, at least one. llama.cpp's threads busy-wait: more threads than free cores starve each
 * other (64 tokens took 23 s with 2 threads on a loaded 2-core machine, 59 ms with 1).
 */
export function defaultThreads(mathCores: number): number {
  return Math.max(1, Math.floor(mathCores) - 1);
}
