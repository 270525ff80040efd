// The reading part of `ask` and `resume`: questions through the run registry (one text read by
// every question, or a job's runs each over its own document through core's job launcher) with
// the live progress line, then the answers on stdout (human or --json), failures on stderr, and on Ctrl-C
// the command that continues each saved run. Ctrl-C pauses saved runs as the app's Pause does
// (pause-on-interrupt below); runs not saved (--no-save) are cancelled.
import type { WriteStream } from 'node:fs';
import type { Events } from '../../shared/api.ts';
import { answerCutPhrase } from '../../shared/answer-cut.ts';
import type { ChunkInfo, DocumentText, Evidence, RunSettings } from '../../shared/model.ts';
import { evidenceLocation } from '../../shared/page-label.ts';
import { plural } from '../../shared/plural.ts';
import { quotedLabel } from '../../shared/quote-check.ts';
import { applyRunEvent, emptyRunView, type RunView } from '../../shared/run-view.ts';
import { CUT_EVIDENCE } from '../../shared/evidence-cut.ts';
import { visibleText } from '../../shared/visible-text.ts';
import type { RunOutcome } from '../core/agent/run-outcome.ts';
import { RunRegistry, type PreparedRun, type RunJournal } from '../core/agent/run-registry.ts';
import type { RunStart } from '../core/use-cases/job-claim.ts';
import type { ReadyRun } from '../core/use-cases/prepare-run.ts';
import type { LlmClient } from '../core/llm/types.ts';
import { toAskJson } from './ask-result.ts';
import { driveQuestionsJob, type QuestionsJob } from './questions-job.ts';
import type { CliContext } from './context.ts';
import { ProgressView } from './progress.ts';
import { RUN_STATE_WORD, runState } from '../../shared/run-state.ts';
import { EXIT, exitCodeFor, formatError } from './report-error.ts';

/** Notes on stderr: through the progress line while it is drawn, straight to stderr before. */
export class Notes {
  #stderr: CliContext['stderr'];
  #view: ProgressView | undefined;

  constructor(stderr: CliContext['stderr']) {
    this.#stderr = stderr;
  }

  attach(view: ProgressView | undefined): void {
    this.#view = view;
  }

  /** Notes quote file names, warnings and model names: shown, not obeyed. */
  note(text: string): void {
    if (this.#view) this.#view.note(visibleText(text));
    else this.#stderr.write(`${visibleText(text)}\n`);
  }
}

/** One question to read: a new run, or a saved one picked up where it stopped. */
export interface QuestionRun {
  runId: string;
  question: string;
  from?: Pick<PreparedRun, 'startChunk' | 'startMemory' | 'earlierMemories'>;
  /** The document's title, printed beside the question (a job over several documents). */
  document?: string;
}

/** One text read by every question with one client: `ask`, `resume RUN`. */
export interface OneText {
  doc: DocumentText;
  chunks: ChunkInfo[];
  settings: RunSettings;
  client: LlmClient;
  quoteCheck: boolean;
}

/** A job's runs, each prepared over its own document once it has a slot: `resume JOB`. */
export interface JobRuns {
  /**
   * The job's launcher over this command's registry (core/use-cases/job-launcher.ts);
   * `prepared` is told each run's text and chunking before it reads.
   */
  launcher(
    registry: RunRegistry,
    prepared: (runId: string, ready: ReadyRun) => void,
  ): (runId: string, from: RunStart) => Promise<RunOutcome>;
  /** The chunking of runs that saved one: the progress line's total before they start. */
  chunks: ReadonlyMap<string, ChunkInfo[]>;
}

export type ReadQuestions = ReadOptions & (OneText | { jobRuns: JobRuns; job: QuestionsJob });

interface ReadOptions {
  runs: QuestionRun[];
  concurrency: number;
  json: boolean;
  debug: boolean;
  secrets: readonly (string | undefined)[];
  notes: Notes;
  /** Every run event as a JSON line (--trace); undefined once it broke. */
  trace: () => WriteStream | undefined;
  /** The library's journal (each chunk's memory committed before the next request). */
  journal?: RunJournal;
  /** The command that continues a saved run (undefined with --no-save). */
  resumeCommand?: (runId: string) => string;
  /** Before the first request: a line under the runs (e.g. "a note the model changed"). */
  onStarted?: (registry: RunRegistry) => void;
  /** The saved job the runs are (questions-job.ts): read through the job driver, continued as one. */
  job?: QuestionsJob;
}

type OcrPages = NonNullable<DocumentText['ocrPages']>;

/** Reads every question, prints the results as `ask` does, returns the exit code. */
export async function readQuestions(input: ReadQuestions, ctx: CliContext): Promise<number> {
  const { runs, notes, signal } = { ...input, signal: ctx.signal };
  const jobRuns = 'jobRuns' in input ? input.jobRuns : undefined;
  const progress = new ProgressView(
    ctx.stderr,
    jobRuns ? [] : (input as OneText).chunks,
    runs.length,
    undefined,
    input.concurrency,
  );
  // What each run read, for its output: the one text's, or its own once prepared.
  const read = new Map<string, { chunks: ChunkInfo[]; ocrPages: OcrPages }>();
  const readOf = (runId: string) =>
    read.get(runId) ??
    (jobRuns
      ? { chunks: jobRuns.chunks.get(runId) ?? [], ocrPages: [] }
      : { chunks: (input as OneText).chunks, ocrPages: (input as OneText).doc.ocrPages ?? [] });
  for (const [runId, chunks] of jobRuns?.chunks ?? []) progress.setChunks(runId, chunks);
  notes.attach(progress);
  const labels = new Map(runs.map((r, i) => [r.runId, `Q${i + 1}`]));
  // Each question's events, folded the way the app folds them: the JSON's warnings come from
  // here, and the progress line folds the same events.
  const views = new Map<string, RunView>();
  let modelNoted = false;
  const onRunEvent = (payload: Events['run:event']) => {
    const { event } = payload;
    const trace = input.trace();
    if (trace) trace.write(`${JSON.stringify(event)}\n`);
    const before = views.get(event.runId) ?? emptyRunView(event.runId, Date.now());
    views.set(event.runId, applyRunEvent(before, payload, Date.now()));
    progress.onEvent(payload);
    if (event.type !== 'warning') return;
    if (event.code === 'generic-model') {
      // The same note for every question: say it once.
      if (!modelNoted) notes.note(`note: ${event.message}`);
      modelNoted = true;
      return;
    }
    const who = runs.length > 1 ? ` (${labels.get(event.runId) ?? event.runId})` : '';
    notes.note(`warning${who}: ${event.message}`);
  };
  const registry = new RunRegistry({
    concurrency: input.concurrency,
    emit: (_owner, payload) => onRunEvent(payload),
    ...(input.journal ? { journal: input.journal } : {}),
  });
  // Ctrl-C: saved runs are paused (each stops after the chunk it reads, that chunk saved) and
  // left paused in the library; runs not saved have nothing to continue from, and are cancelled.
  const stop = new AbortController();
  let pausing: Promise<string[]> | undefined;
  const onAbort = () => {
    if (!input.journal) {
      stop.abort();
      void registry.cancelWhere(() => true);
      return;
    }
    notes.note(
      'memagent: pausing: each question stops after the chunk it is reading, which is saved (Ctrl-C again quits at once and loses that chunk).',
    );
    pausing = pauseAndRelease(registry, stop);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  progress.draw(true);

  const outcomes: RunOutcome[] = [];
  try {
    // Token-by-token deltas are only observable in a trace; plain responses cost less.
    const streamMemory = input.trace() !== undefined;
    const launchJobRun = jobRuns?.launcher(registry, (runId, ready) => {
      read.set(runId, { chunks: ready.chunks, ocrPages: ready.doc.ocrPages ?? [] });
      progress.setChunks(runId, ready.chunks);
      ready.prepared.streamMemory = streamMemory;
    });
    const launchText = (text: OneText, run: QuestionRun, from = run.from) =>
      registry.launch(run.runId, {
        owner: 'cli',
        // The job's runs take turns with other work on the backend (the limiter's groups).
        ...(input.job ? { group: input.job.jobId } : {}),
        prepare: () => ({
          text: text.doc.text,
          locations: text.doc,
          chunks: text.chunks,
          question: run.question,
          settings: text.settings,
          client: text.client,
          streamMemory,
          quoteCheck: text.quoteCheck,
          ...(from && {
            startChunk: from.startChunk,
            earlierMemories: from.earlierMemories,
            ...(from.startMemory !== undefined ? { startMemory: from.startMemory } : {}),
          }),
        }),
      });
    const launch = (run: QuestionRun, from?: RunStart) =>
      launchJobRun
        ? launchJobRun(run.runId, from ?? { startChunk: 0, earlierMemories: [] })
        : launchText(input as OneText, run, from ?? run.from);
    const launched = input.job
      ? driveQuestionsJob(input.job, runs, launch, registry, input.concurrency, {
          pause: signal,
          stop: stop.signal,
        })
      : Promise.all(runs.map(async (run) => ({ outcome: await launch(run), from: run.from })));
    // Ctrl-C came while the document was read or chunked: the runs just launched pause at once.
    if (signal.aborted && pausing === undefined) onAbort();
    input.onStarted?.(registry);
    // A continued run's outcome holds this session's memories: the output shows the whole trail.
    const ended = await launched;
    outcomes.push(
      ...ended.map(({ outcome: o, from }) => {
        const earlier = from?.earlierMemories ?? [];
        return earlier.length === 0 ? o : { ...o, memories: [...earlier, ...o.memories] };
      }),
    );
  } finally {
    signal.removeEventListener('abort', onAbort);
    progress.finish();
    notes.attach(undefined);
  }

  const resumeLines = (which: (o: RunOutcome) => boolean) => {
    if (input.job) {
      // A job continues as a whole: one command for every question left.
      const left = outcomes.filter(which).length;
      if (left > 0)
        notes.note(`to continue the ${plural(left, 'question')} left: ${input.job.resumeCommand}`);
      return;
    }
    if (!input.resumeCommand) return;
    outcomes.forEach((o, i) => {
      if (!which(o)) return;
      const count = `${o.atChunk} of ${plural(readOf(o.runId).chunks.length, 'chunk')} read`;
      const who = runs.length > 1 ? `Q${i + 1} ` : '';
      notes.note(`to continue ${who}(${count}): ${input.resumeCommand?.(o.runId) ?? ''}`);
    });
  };

  const paused = pausing === undefined ? undefined : await pausing;
  if (paused !== undefined && (paused.length > 0 || outcomes.some((o) => o.status !== 'done'))) {
    pausedLines(input, outcomes, paused, readOf);
    return EXIT.interrupted;
  }
  if (paused === undefined && (signal.aborted || outcomes.some((o) => o.status === 'cancelled'))) {
    const done = outcomes.filter((o) => o.status === 'done').length;
    notes.note(
      `memagent: interrupted; ${done} of ${plural(outcomes.length, 'question')} finished before Ctrl-C.`,
    );
    resumeLines((o) => o.status !== 'done');
    return EXIT.interrupted;
  }

  // Found once by the run as it ended (stored with it when saved): shown, not derived again.
  const evidence = outcomes.map((o) => o.evidence);
  if (input.json) {
    const results = outcomes.map((o, i) => {
      const json = toAskJson(
        runs[i]?.question ?? '',
        readOf(o.runId).chunks,
        readOf(o.runId).ocrPages,
        o,
        views.get(o.runId)?.warnings ?? [],
        evidence[i] ?? [],
        views.get(o.runId)?.quoteCheck,
        input.debug,
      );
      // The library's id of the run; a run that was not saved (--no-save) has none.
      const document = runs[i]?.document;
      const withDocument = document === undefined ? json : { document, ...json };
      return input.journal ? { runId: o.runId, ...withDocument } : withDocument;
    });
    await ctx.out(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`);
  } else {
    await ctx.out(
      humanAnswers(
        runs.map((r) => (r.document === undefined ? r.question : `${r.question} — ${r.document}`)),
        outcomes,
        evidence,
      ),
    );
  }
  // Every failed question's error goes to stderr (stdout holds answers only); the first sets
  // the exit code.
  let exit: number = EXIT.ok;
  outcomes.forEach((o, i) => {
    if (o.status !== 'error' || !o.error) return;
    const who = outcomes.length > 1 ? `Q${i + 1}: ` : '';
    const error = { ...o.error, message: `${who}${o.error.message}` };
    ctx.stderr.write(formatError(error, { debug: input.debug, secrets: input.secrets }));
    if (exit === EXIT.ok) exit = exitCodeFor(o.error.kind);
  });
  if (input.resumeCommand) {
    outcomes.forEach((o, i) => {
      if (o.status !== 'done') return;
      const who = runs.length > 1 ? `Q${i + 1} ` : '';
      const id = shortId(o.runId);
      const state = runState(o);
      const what = state === 'done' ? '' : `${RUN_STATE_WORD[state]}; `;
      notes.note(`${who}saved as run ${id} (${what}memagent show ${id})`);
    });
    resumeLines((o) => o.status === 'error');
  }
  return exit;
}

/**
 * Pauses every run of `registry` (the app's Pause: each stops at its next chunk boundary, that
 * chunk saved), then lets them go without recording an ending, so the library keeps them
 * `paused`; `stop` ends the job driver, which leaves a paused job paused. Resolves with the runs
 * left paused.
 */
async function pauseAndRelease(registry: RunRegistry, stop: AbortController): Promise<string[]> {
  const paused = await registry.pauseEvery();
  stop.abort();
  await registry.dispose();
  return paused;
}

/**
 * One line per paused run (a job: one for the job) with the exact command that continues it,
 * on Ctrl-C.
 */
function pausedLines(
  input: ReadQuestions,
  outcomes: readonly RunOutcome[],
  paused: readonly string[],
  readOf: (runId: string) => { chunks: ChunkInfo[] },
): void {
  const { notes, runs } = input;
  const done = outcomes.filter((o) => o.status === 'done').length;
  if (input.job) {
    notes.note(
      `memagent: paused job ${shortId(input.job.jobId)}; ${done} of ${plural(outcomes.length, 'question')} answered. To continue: ${input.job.resumeCommand}`,
    );
    return;
  }
  runs.forEach((run, i) => {
    if (!paused.includes(run.runId)) return;
    const chunks = readOf(run.runId).chunks.length;
    const read = input.journal?.stored(run.runId)?.memories.length ?? 0;
    const who = runs.length > 1 ? `Q${i + 1} ` : '';
    const to = input.resumeCommand ? ` To continue: ${input.resumeCommand(run.runId)}` : '';
    notes.note(`memagent: paused ${who}after ${read} of ${plural(chunks, 'chunk')} (saved).${to}`);
  });
}

/** The first 8 characters of a run id: unique enough to type, accepted by `resume` and `show`. */
export function shortId(runId: string): string {
  return runId.slice(0, 8);
}

/**
 * The best passage under an answer: `  Source (p. 7 · Termination, quoted by the model): “…”`,
 * shown, not obeyed.
 */
function sourceLine(evidence: readonly Evidence[] | undefined, cut: boolean): string {
  const top = evidence?.[0];
  if (top === undefined) return '';
  const notes = [evidenceLocation(top), quotedLabel(top.by)].filter(Boolean).join(', ');
  const label = cut ? `\n  ${CUT_EVIDENCE}` : '';
  return `${label}\n  Source${notes ? ` (${notes})` : ''}: “${visibleText(top.quote)}”`;
}

function humanAnswers(
  questions: readonly string[],
  outcomes: readonly RunOutcome[],
  evidence: readonly Evidence[][],
): string {
  const answerText = (o: RunOutcome) => {
    // The error itself is on stderr; with several questions the Q/A layout stays whole.
    if (o.status === 'error') return '(no answer: see stderr)';
    // A reply cut at its token limit or stopped early never reads as a clean answer (its warning
    // is on stderr).
    const cut = answerCutPhrase(o.warnings);
    if (o.answer !== null && o.answerCut) return `${o.answer}\n(incomplete: ${cut})`;
    if (o.answer !== null) return o.answer;
    if (o.answerCut) return `(no complete answer: ${cut}; the model replied:)\n${o.response ?? ''}`;
    return `(no extractable answer; the model replied:)\n${o.response ?? ''}`;
  };
  const one = (o: RunOutcome, i: number) =>
    `${answerText(o)}${sourceLine(evidence[i], o.answerCut)}`;
  if (outcomes.length === 1)
    return outcomes[0]?.status === 'error' ? '' : `${one(outcomes[0] as RunOutcome, 0)}\n`;
  return outcomes.map((o, i) => `Q${i + 1}: ${questions[i]}\nA${i + 1}: ${one(o, i)}\n`).join('\n');
}
