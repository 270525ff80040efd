// `memagent ask --dry-run`: what the run would take, from the same estimate as the app, with no
// request to the model (nor to the server, unless --tokenizer server asks it to count).
import type { DocumentText } from '../../shared/model.ts';
import { quoteCheckRequestsText, type RunEstimate } from '../../shared/run-estimate.ts';
import { plural } from '../../shared/plural.ts';
import { estimateRun } from '../core/agent/estimate.ts';
import { planChunks } from '../core/agent/plan.ts';
import { countQuestionParts, countSections } from '../core/agent/prompt-counts.ts';
import { QUOTE_MAX_TOKENS } from '../core/agent/templates.ts';
import { createTokenizer } from '../core/tokenize/index.ts';
import type { AskOptions } from './ask-args.ts';
import type { CliContext } from './context.ts';

/** The `--json` form: what scripts may rely on. */
export interface DryRunJson {
  chunks: number;
  promptTokens: number;
  maxCompletionTokens: number;
  cost: { min: number; max: number } | null;
}

export async function runDryRun(
  options: AskOptions,
  doc: DocumentText,
  ctx: CliContext,
): Promise<void> {
  const { signal } = ctx;
  // The model names the tokenizer for `auto`; without --model the Qwen one is used, as a run
  // against an unnamed local model would (the server is not asked).
  const tokenizer = await createTokenizer(options.tokenizer, {
    ...(options.model === undefined ? {} : { model: options.model }),
    baseUrl: options.baseUrl,
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
  });
  const prices = {
    ...(options.inputPrice === undefined ? {} : { inputPricePerMTok: options.inputPrice }),
    ...(options.outputPrice === undefined ? {} : { outputPricePerMTok: options.outputPrice }),
  };
  const estimates: RunEstimate[] = [];
  try {
    const chunks = await planChunks(doc, tokenizer, options.chunkTokens, signal);
    const sections = await countSections(doc.text, chunks, tokenizer, signal);
    const chunkTokens = chunks.map((c) => c.tokens);
    for (const question of options.questions) {
      const parts = await countQuestionParts(tokenizer, question, options.final, signal);
      estimates.push(
        estimateRun({ ...parts, sections, chunkTokens }, options, prices, null, options.quoteCheck),
      );
    }
  } finally {
    await tokenizer.dispose();
  }
  if (options.json) {
    const json = estimates.map((e): DryRunJson => ({
      chunks: e.chunks,
      promptTokens: e.promptTokens,
      maxCompletionTokens: e.maxCompletionTokens,
      cost: e.cost,
    }));
    await ctx.out(`${JSON.stringify(json.length === 1 ? json[0] : json, null, 2)}\n`);
    return;
  }
  const lines = estimates.map((e, i) => {
    const who = estimates.length > 1 ? `Q${i + 1}: ` : '';
    return [
      `${who}${plural(e.chunks, 'chunk')} of at most ${count(options.chunkTokens)} tokens (${tokenizer.id}), plus the final request${quoteRequests(e)}`,
      `  prompt tokens: at most ${count(e.promptTokens)} (template, question and chunks exact; each memory counted at its ${count(options.memoryTokens)}-token budget${e.quoteCheck ? '; quote checks with the answer at its budget' : ''})`,
      `  completion tokens: at most ${count(e.maxCompletionTokens)} (${count(options.memoryTokens)} a chunk + ${count(options.answerTokens)} for the answer${e.quoteCheck ? ` + ${count(QUOTE_MAX_TOKENS)} a quote check` : ''})`,
      e.cost === null
        ? '  cost: give --input-price and --output-price (per million tokens) for a range'
        : `  cost: ${money(e.cost.min)} to ${money(e.cost.max)}`,
    ].join('\n');
  });
  await ctx.out(`${lines.join('\n')}\nDry run: nothing was sent to the model.\n`);
}

/** ", and up to 3 quote-check requests" when the quote check is on (--quote-check). */
const quoteRequests = (e: RunEstimate) =>
  e.quoteCheck === null ? '' : `, and ${quoteCheckRequestsText(e.quoteCheck)}`;

const count = (n: number) => n.toLocaleString('en-US');
const money = (n: number) => (n < 0.01 ? `$${n.toFixed(4)}` : `$${n.toFixed(2)}`);
