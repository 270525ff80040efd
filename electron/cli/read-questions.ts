// The reading part of `ask` and `resume`: questions through the run registry with the live
// progress line, then the answers on stdout (human or --json), failures on stderr, and on Ctrl-C
// the command that continues each saved run.
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
import type { LlmClient } from '../core/llm/types.ts';
import { toAskJson } from './ask-result.ts';
import { driveQuestionsJob, type QuestionsJob } from './questions-job.ts';
import type { CliContext } from './context.ts';
import { ProgressView } from './progress.ts';
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
}

export interface ReadQuestions {
  doc: DocumentText;
  chunks: ChunkInfo[];
  settings: RunSettings;
  client: LlmClient;
  runs: QuestionRun[];
  concurrency: number;
  quoteCheck: boolean;
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

/** Reads every question, prints the results as `ask` does, returns the exit code. */
export async function readQuestions(input: ReadQuestions, ctx: CliContext): Promise<number> {
  const { runs, chunks, notes, signal } = { ...input, signal: ctx.signal };
  const progress = new ProgressView(ctx.stderr, chunks, runs.length);
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
  const onAbort = () => void registry.cancelWhere(() => true);
  signal.addEventListener('abort', onAbort, { once: true });
  progress.draw(true);

  const outcomes: RunOutcome[] = [];
  try {
    const launch = (run: QuestionRun, from = run.from) =>
      registry.launch(run.runId, {
        owner: 'cli',
        // The job's runs take turns with other work on the backend (the limiter's groups).
        ...(input.job ? { group: input.job.jobId } : {}),
        prepare: () => ({
          text: input.doc.text,
          locations: input.doc,
          chunks,
          question: run.question,
          settings: input.settings,
          client: input.client,
          // Token-by-token deltas are only observable in a trace; plain responses cost less.
          streamMemory: input.trace() !== undefined,
          quoteCheck: input.quoteCheck,
          ...(from && {
            startChunk: from.startChunk,
            earlierMemories: from.earlierMemories,
            ...(from.startMemory !== undefined ? { startMemory: from.startMemory } : {}),
          }),
        }),
      });
    const launched = input.job
      ? driveQuestionsJob(input.job, runs, launch, registry, input.concurrency, signal)
      : Promise.all(runs.map(async (run) => ({ outcome: await launch(run), from: run.from })));
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
      const read = `${o.atChunk} of ${plural(chunks.length, 'chunk')} read`;
      const who = runs.length > 1 ? `Q${i + 1} ` : '';
      notes.note(`to continue ${who}(${read}): ${input.resumeCommand?.(o.runId) ?? ''}`);
    });
  };

  if (signal.aborted || outcomes.some((o) => o.status === 'cancelled')) {
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
        chunks,
        input.doc.ocrPages ?? [],
        o,
        views.get(o.runId)?.warnings ?? [],
        evidence[i] ?? [],
        views.get(o.runId)?.quoteCheck,
        input.debug,
      );
      // The library's id of the run; a run that was not saved (--no-save) has none.
      return input.journal ? { runId: o.runId, ...json } : json;
    });
    await ctx.out(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`);
  } else {
    await ctx.out(
      humanAnswers(
        runs.map((r) => r.question),
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
      notes.note(`${who}saved as run ${id} (memagent show ${id})`);
    });
    resumeLines((o) => o.status === 'error');
  }
  return exit;
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
