// A child process for the job crash test: stores a job of DOCS documents × QUESTIONS questions
// (CHUNKS chunks each) in the library of DATA_DIR, drives it against the simulator at BASE_URL
// with WINDOW runs at once, and prints the job's id and each committed chunk, so the parent can
// SIGKILL it mid-job. Usage: node job-crash-child.test-support.ts DATA_DIR BASE_URL DOCS QUESTIONS CHUNKS WINDOW
import { openStore } from '../store/store.ts';
import { registerWriter } from '../store/writers.ts';
import { createFixtureJob, fixtureLauncher } from './job-fixture.test-support.ts';
import { driveJob } from './job-group.ts';

const [dataDir, baseUrl, docs, questions, chunks, window] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const store = openStore(dataDir);
const writer = registerWriter(store.db, 'cli');
const job = createFixtureJob(store, writer.id, Number(docs), Number(questions), Number(chunks));
process.stdout.write(`job ${job.jobId}\n`);
const launcher = fixtureLauncher(store, baseUrl, Number(window), ({ event }) => {
  // Printed after the journal committed it: the parent kills between two commits.
  if (event.type === 'chunk-done')
    process.stdout.write(`chunk-done ${event.runId} ${event.state.chunk}\n`);
});
const group = driveJob({
  store,
  writer,
  jobId: job.jobId,
  launchRun: launcher.launchRun,
  controls: launcher.registry,
  window: Number(window),
});
await group.ended;
process.stdout.write('job-ended\n');
