import { plural } from '../../shared/plural.ts';
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Events } from '../../shared/api.ts';
import { findEvidence } from '../../shared/evidence.ts';
import type { DocumentFormat, Evidence, Reading, RunSettings } from '../../shared/model.ts';
import { evidenceLocation } from '../../shared/page-label.ts';
import { quotedLabel } from '../../shared/quote-check.ts';
import { emptyRunView, applyRunEvent, type RunView } from '../../shared/run-view.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { planChunks } from '../core/agent/plan.ts';
import type { RunOutcome } from '../core/agent/run-outcome.ts';
import { RunRegistry } from '../core/agent/run-registry.ts';
import { CoreError } from '../core/errors.ts';
import { createLlmClient } from '../core/llm/client.ts';
import { createTokenizer } from '../core/tokenize/index.ts';
import type { AskOptions } from './ask-args.ts';
import { toAskJson } from './ask-result.ts';
import type { CliContext } from './context.ts';
import { ProgressView } from './progress.ts';
import { redactSecrets } from '../core/llm/redact.ts';
import { EXIT, exitCodeFor, formatError } from './report-error.ts';
import { clientConfig } from './backend-kind.ts';
import { runDryRun } from './dry-run.ts';
import { ocrSummary, readDocument } from './reading.ts';

async function openTrace(path: string): Promise<WriteStream> {
  const stream = createWriteStream(path, { flags: 'w' });
  try {
    await once(stream, 'open');
  } catch (error) {
    throw new CoreError('BadUsage', `Cannot write the trace file ${path}.`, {
      hint: 'Pass a writable path to --trace.',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  return stream;
}

async function closeTrace(stream: WriteStream | undefined): Promise<void> {
  if (!stream || stream.destroyed) return;
  await new Promise<void>((resolve) => stream.end(resolve));
}

/** `memagent ask`: extract, chunk, run every question through the scheduler, print answers. */
export async function runAsk(options: AskOptions, ctx: CliContext): Promise<number> {
  const { signal } = ctx;
  const secrets = [options.apiKey];
  // Notes quote the file name, extraction warnings and the model's name: shown, not obeyed.
  const note = (text: string) => ctx.stderr.write(`${visibleText(text)}\n`);
  const trace = options.trace ? await openTrace(options.trace) : undefined;
  // A trace that cannot be written (a full disk) must not crash the run and lose its answers:
  // say so once and go on without it.
  let traceBroken = false;
  let progressView: ProgressView | undefined = undefined;
  trace?.on('error', (error) => {
    if (traceBroken) return;
    traceBroken = true;
    const text = `warning: cannot write the trace file ${options.trace ?? ''} (${error.message}); the run goes on without it.`;
    if (progressView) progressView.note(text);
    else note(text);
  });
  try {
    const doc = await readDocument(options, ctx);
    for (const w of doc.warnings) note(`warning: ${w}`);
    const ocr = ocrSummary(doc);
    if (ocr !== undefined) note(`note: ${ocr}`);
    if (doc.text.trim() === '') {
      throw new CoreError('Unsupported', `${options.file} contains no text to read.`, {
        hint: emptyHint(doc.format, options.reading.ocr),
      });
    }

    if (options.dryRun) {
      await runDryRun(options, doc, ctx);
      return EXIT.ok;
    }

    // Set once the runs start; retry notes before that go straight to stderr.
    let progress: ProgressView | undefined = undefined;
    const client = createLlmClient({
      ...clientConfig(options),
      onRetry: (info) => {
        const text = redactSecrets(
          `note: retrying (attempt ${info.attempt + 1}) in ${(info.delayMs / 1000).toFixed(1)} s: ${info.reason}`,
          secrets,
        );
        if (progress) progress.note(text);
        else note(text);
      },
    });
    const model = await client.resolveModel(signal);

    const settings: RunSettings = {
      chunkTokens: options.chunkTokens,
      memoryTokens: options.memoryTokens,
      answerTokens: options.answerTokens,
      temperature: options.temperature,
      topP: options.topP,
      final: options.final,
      tokenizer: options.tokenizer,
    };
    const tokenizer = await createTokenizer(options.tokenizer, {
      model,
      baseUrl: options.baseUrl,
      ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
    });
    let chunks;
    try {
      chunks = await planChunks(doc, tokenizer, options.chunkTokens, signal);
    } finally {
      await tokenizer.dispose();
    }
    const tokens = chunks.reduce((sum, c) => sum + c.tokens, 0);
    note(
      `${options.file}: ${doc.text.length.toLocaleString('en-US')} characters, ${tokens.toLocaleString('en-US')} tokens (${tokenizer.id}), ${chunks.length} chunks of at most ${options.chunkTokens}; model ${model}`,
    );

    progress = new ProgressView(ctx.stderr, chunks, options.questions.length);
    progressView = progress;
    const view = progress;
    // Each question's events, folded the way the app folds them: the JSON's warnings come
    // from here, and the progress line folds the same events.
    const views = new Map<string, RunView>();
    let modelNoted = false;
    const onRunEvent = (payload: Events['run:event']) => {
      const { event } = payload;
      if (trace && !traceBroken) trace.write(`${JSON.stringify(event)}\n`);
      const before = views.get(event.runId) ?? emptyRunView(event.runId, Date.now());
      views.set(event.runId, applyRunEvent(before, payload, Date.now()));
      view.onEvent(payload);
      if (event.type !== 'warning') return;
      if (event.code === 'generic-model') {
        // The same note for every question: say it once.
        if (!modelNoted) view.note(`note: ${event.message}`);
        modelNoted = true;
        return;
      }
      const who = options.questions.length > 1 ? ` (${event.runId})` : '';
      view.note(`warning${who}: ${event.message}`);
    };
    const registry = new RunRegistry({
      concurrency: options.concurrency,
      emit: (_owner, payload) => onRunEvent(payload),
    });
    const onAbort = () => void registry.cancelWhere(() => true);
    signal.addEventListener('abort', onAbort, { once: true });
    view.draw(true);

    const outcomes: RunOutcome[] = [];
    try {
      const runs = options.questions.map((question, i) =>
        registry.launch(`q${i + 1}`, {
          owner: 'cli',
          prepare: () => ({
            text: doc.text,
            chunks,
            question,
            settings,
            client,
            // Token-by-token deltas are only observable in a trace; plain responses cost less.
            streamMemory: trace !== undefined,
            quoteCheck: options.quoteCheck,
          }),
        }),
      );
      outcomes.push(...(await Promise.all(runs)));
    } finally {
      signal.removeEventListener('abort', onAbort);
      view.finish();
    }

    if (signal.aborted || outcomes.some((o) => o.status === 'cancelled')) {
      const done = outcomes.filter((o) => o.status === 'done').length;
      note(
        `memagent: interrupted; ${done} of ${plural(outcomes.length, 'question')} finished before Ctrl-C.`,
      );
      return EXIT.interrupted;
    }

    // Only a complete answer is traced to its passages: a cut one may be missing its content.
    const evidence = outcomes.map((o, i) =>
      o.status === 'done' && o.answer !== null && !o.answerCut
        ? findEvidence({
            question: options.questions[i] as string,
            answer: o.answer,
            memories: o.memories,
            chunks,
            document: doc,
            quotes: views.get(o.runId)?.modelQuotes ?? [],
          })
        : [],
    );
    if (options.json) {
      const results = outcomes.map((o, i) =>
        toAskJson(
          options.questions[i] as string,
          chunks,
          doc.ocrPages ?? [],
          o,
          views.get(o.runId)?.warnings ?? [],
          evidence[i] ?? [],
          views.get(o.runId)?.quoteCheck,
          options.debug,
        ),
      );
      await ctx.out(`${JSON.stringify(results.length === 1 ? results[0] : results, null, 2)}\n`);
    } else {
      await ctx.out(humanAnswers(options.questions, outcomes, evidence));
    }
    // Every failed question's error goes to stderr (stdout holds answers only); the first sets
    // the exit code.
    let exit: number = EXIT.ok;
    outcomes.forEach((o, i) => {
      if (o.status !== 'error' || !o.error) return;
      const who = outcomes.length > 1 ? `Q${i + 1}: ` : '';
      const error = { ...o.error, message: `${who}${o.error.message}` };
      ctx.stderr.write(formatError(error, { debug: options.debug, secrets }));
      if (exit === EXIT.ok) exit = exitCodeFor(o.error.kind);
    });
    return exit;
  } finally {
    await closeTrace(trace);
  }
}

function emptyHint(format: DocumentFormat, ocr: Reading['ocr']): string {
  if (format !== 'pdf') return 'Choose a file with text in it.';
  if (ocr === 'off')
    return 'A scanned PDF has no text layer: leave out --ocr off to read it by OCR.';
  // `auto` recognises only pages that show images; text drawn as shapes needs every page read.
  if (ocr === 'auto')
    return 'OCR found no text on its images: check --ocr-lang, or try --ocr all-pages.';
  return 'OCR found no text either: check --ocr-lang, or the scan may be blank or too faint.';
}

/**
 * The best passage under an answer: `  Source (p. 7 · Termination, quoted by the model): “…”`,
 * shown, not obeyed.
 */
function sourceLine(evidence: readonly Evidence[] | undefined): string {
  const top = evidence?.[0];
  if (top === undefined) return '';
  const notes = [evidenceLocation(top), quotedLabel(top.by)].filter(Boolean).join(', ');
  return `\n  Source${notes ? ` (${notes})` : ''}: “${visibleText(top.quote)}”`;
}

function humanAnswers(
  questions: readonly string[],
  outcomes: readonly RunOutcome[],
  evidence: readonly Evidence[][],
): string {
  const answerText = (o: RunOutcome) => {
    // The error itself is on stderr; with several questions the Q/A layout stays whole.
    if (o.status === 'error') return '(no answer: see stderr)';
    // A reply cut at its token limit never reads as a clean answer (its warning is on stderr).
    if (o.answer !== null && o.answerCut)
      return `${o.answer}\n(incomplete: the final reply was cut at its token limit)`;
    if (o.answer !== null) return o.answer;
    if (o.answerCut)
      return `(no complete answer: the final reply was cut at its token limit; the model replied:)\n${o.response ?? ''}`;
    return `(no extractable answer; the model replied:)\n${o.response ?? ''}`;
  };
  const one = (o: RunOutcome, i: number) => `${answerText(o)}${sourceLine(evidence[i])}`;
  if (outcomes.length === 1)
    return outcomes[0]?.status === 'error' ? '' : `${one(outcomes[0] as RunOutcome, 0)}\n`;
  return outcomes.map((o, i) => `Q${i + 1}: ${questions[i]}\nA${i + 1}: ${one(o, i)}\n`).join('\n');
}
