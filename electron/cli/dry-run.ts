// `memagent ask --dry-run`: what the run would take, from the app's estimate (core's
// use-cases/estimate-parts.ts: the same backend, tokenizer, chunking, stored speed and growth),
// with no request to the model (nor to a server, unless --tokenizer server asks it to count).
import type { DocumentText } from '../../shared/model.ts';
import { estimateCostText } from '../../shared/estimate-cost.ts';
import { estimateTimeText } from '../../shared/estimate-time.ts';
import { quoteCheckRequestsText, type Range, type RunEstimate } from '../../shared/run-estimate.ts';
import { plural } from '../../shared/plural.ts';
import { QUOTE_MAX_TOKENS } from '../core/agent/templates.ts';
import { createPromptFrames } from '../core/caches/prompt-frames.ts';
import type { Store } from '../core/store/store.ts';
import { estimateBackend, estimateCell, questionParts } from '../core/use-cases/estimate-parts.ts';
import { runSettingsOf } from './arg-parsing.ts';
import type { AskOptions } from './ask-args.ts';
import type { CliRunParts } from './cli-run-parts.ts';
import { commandProfile } from './command-profile.ts';
import type { CliContext } from './context.ts';
import { openLibraryToRead } from './library.ts';
import { hasLibrary } from '../core/store/read-open.ts';

/** The `--json` form: what scripts may rely on. */
export interface DryRunJson {
  chunks: number;
  promptTokens: number;
  maxCompletionTokens: number;
  cost: Range | null;
  /** Null until the backend and model answered once (a run or a check stored its speed). */
  seconds: Range | null;
}

export async function runDryRun(
  options: AskOptions,
  doc: DocumentText,
  parts: CliRunParts,
  ctx: CliContext,
): Promise<void> {
  const { signal } = ctx;
  const settings = runSettingsOf(options);
  const prices = {
    ...(options.inputPrice === undefined ? {} : { inputPricePerMTok: options.inputPrice }),
    ...(options.outputPrice === undefined ? {} : { outputPricePerMTok: options.outputPrice }),
  };
  const profile = {
    ...(await commandProfile(options, ctx, { quoteCheck: options.quoteCheck })),
    ...prices,
  };
  // The library's stored speeds, read and never written (--no-save: none is known).
  const store = readLibrary(options);
  const estimates: RunEstimate[] = [];
  let tokenizerId: string;
  try {
    const backend = await estimateBackend(
      { store, secrets: parts.secrets, pool: parts.tokenizers, clients: parts.clients, signal },
      profile,
      settings,
      { offline: true },
    );
    tokenizerId = backend.tokenizer.id;
    const frames = createPromptFrames(parts.plans, signal);
    const frame = await frames.frame(
      options.file,
      doc,
      backend.tokenizer,
      settings.chunkTokens,
      signal,
    );
    for (const question of options.questions) {
      const counted = await questionParts({ signal }, backend, question, settings);
      estimates.push(estimateCell(backend, frame, counted, settings));
    }
  } finally {
    store?.close();
  }
  if (options.json) {
    const json = estimates.map((e): DryRunJson => ({
      chunks: e.chunks,
      promptTokens: e.promptTokens,
      maxCompletionTokens: e.maxCompletionTokens,
      cost: e.cost,
      seconds: e.seconds,
    }));
    await ctx.out(`${JSON.stringify(json.length === 1 ? json[0] : json, null, 2)}\n`);
    return;
  }
  const lines = estimates.map((e, i) => {
    const who = estimates.length > 1 ? `Q${i + 1}: ` : '';
    return [
      `${who}${plural(e.chunks, 'chunk')} of at most ${count(options.chunkTokens)} tokens (${tokenizerId}), plus the final request${quoteRequests(e)}`,
      `  prompt tokens: at most ${count(e.promptTokens)} (template, question and chunks exact; each memory counted at its ${count(options.memoryTokens)}-token budget${e.quoteCheck ? '; quote checks with the answer at its budget' : ''})`,
      `  completion tokens: at most ${count(e.maxCompletionTokens)} (${count(options.memoryTokens)} a chunk + ${count(options.answerTokens)} for the answer${e.quoteCheck ? ` + ${count(QUOTE_MAX_TOKENS)} a quote check` : ''})`,
      `  cost: ${estimateCostText(e, 'cli')}`,
      `  time: ${estimateTimeText(e.seconds, e.device)}`,
    ].join('\n');
  });
  await ctx.out(`${lines.join('\n')}\nDry run: nothing was sent to the model.\n`);
}

/** The library a saving `ask` would use, when it exists: its speeds are the backend's. */
function readLibrary(options: AskOptions): Store | undefined {
  const location = options.library?.location;
  if (location === undefined || !hasLibrary(location.file)) return undefined;
  return openLibraryToRead(location);
}

/** ", and up to 3 quote-check requests" when the quote check is on (--quote-check). */
const quoteRequests = (e: RunEstimate) =>
  e.quoteCheck === null ? '' : `, and ${quoteCheckRequestsText(e.quoteCheck)}`;

const count = (n: number) => n.toLocaleString('en-US');
