// V8's heap sizing for the processes that drive long jobs: the CLI (`npm run memagent`) and the
// app's main process. Flags that size the heap are read once, when V8 creates its heap: set at
// run time (`v8.setFlagsFromString`, Electron's `app.commandLine.appendSwitch('js-flags')` or
// package.json `v8Flags`) they change nothing in the process already running, so each place that
// starts such a process passes them on its command line.

/**
 * The V8 flags of a process that may drive a long job, measured with bench/job-scale.ts
 * (docs/benchmarks.md, "Memory of 500 queued runs", "Young generation bound"). By default V8
 * sizes both generations by how long the process has run, not by what it keeps: the young
 * generation doubles whenever the bytes surviving scavenges since the last doubling exceed it
 * (a 50-run job stops at 32 MB semi-spaces, a 500-run job reaches 64 MB), and old space fills
 * with objects that lived for a chunk to about three times what is live before it is marked.
 * - `--max-semi-space-size=32`: the size a 50-run job reaches on its own, so short jobs are as
 *   before and long ones stop there.
 * - `--heap-growing-percent=20`: old space may grow to 1.2 × what the last full collection kept
 *   before the next one; the engine keeps ~25-30 MB, so that is a few more (short) full
 *   collections instead of ~60 MB of dead objects.
 * Together: a 500-run job peaks at about 1.07 × the 50-run job's RSS instead of 1.36, for no
 * measurable wall time and a few percent more CPU.
 */
export const LONG_JOB_V8_FLAGS: readonly string[] = [
  '--max-semi-space-size=32',
  '--heap-growing-percent=20',
];
