// `memagent make-eval`: an evaluation set built from the user's own documents, written as
// `memagent eval` reads it. Nothing is downloaded; the same inputs and --seed give the same file.
import path from 'node:path';
import { visibleText } from '../../shared/visible-text.ts';
import { buildHaystack, generateRows, refuseExisting, writeRows } from '../core/eval/make/index.ts';
import { createTokenizer } from '../core/tokenize/index.ts';
import type { CliContext } from './context.ts';
import type { MakeEvalOptions } from './make-eval-args.ts';
import { readDocument } from './reading.ts';
import { EXIT } from './report-error.ts';

/** Reads the haystacks, builds the rows one at a time and streams them to the file. */
export async function runMakeEval(options: MakeEvalOptions, ctx: CliContext): Promise<number> {
  const t0 = performance.now();
  // Before a long PDF is read: the answer would be the same afterwards.
  refuseExisting(options.output, options.force);
  const texts: string[] = [];
  for (const file of options.haystacks) {
    const doc = await readDocument({ ...options, file }, ctx);
    for (const w of doc.warnings)
      ctx.stderr.write(`warning: ${visibleText(path.basename(file))}: ${visibleText(w)}\n`);
    texts.push(doc.text);
  }
  const tokenizer = await createTokenizer(options.tokenizer, {});
  try {
    const haystack = await buildHaystack(texts, tokenizer, ctx.signal);
    const plan = {
      lengths: options.lengths,
      tasks: options.tasks,
      rows: options.rows,
      seed: options.seed,
    };
    const total = plan.lengths.length * plan.tasks.length * plan.rows;
    let done = 0;
    const rows = await writeRows(
      generateRows(haystack, tokenizer, plan, ctx.signal),
      options.output,
      {
        format: options.format,
        force: options.force,
        onRow: (row) => {
          done++;
          if (!options.json)
            ctx.stderr.write(
              `row ${done}/${total}: ${row.task}, ${row.length} tokens (target ${row.target_length})\n`,
            );
        },
      },
    );
    const seconds = (performance.now() - t0) / 1000;
    if (options.json) {
      const summary = {
        file: options.output,
        format: options.format,
        rows,
        lengths: plan.lengths,
        tasks: plan.tasks,
        seed: plan.seed,
        tokenizer: tokenizer.id,
        haystack_tokens: haystack.totalTokens,
        seconds: Math.round(seconds * 10) / 10,
      };
      await ctx.out(`${JSON.stringify(summary, null, 2)}\n`);
    } else {
      ctx.stderr.write(
        `Wrote ${rows} ${rows === 1 ? 'row' : 'rows'} to ${path.basename(options.output)} (seed ${plan.seed}, ${tokenizer.id} tokens, haystack ${haystack.totalTokens} tokens) in ${seconds.toFixed(1)} s.\n`,
      );
    }
    return EXIT.ok;
  } finally {
    await tokenizer.dispose();
  }
}
