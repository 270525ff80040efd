// `memagent report`: an evaluation report (Markdown and an SVG chart) from results files.
import { plural } from '../../shared/plural.ts';
import { visibleText } from '../../shared/visible-text.ts';
import { writeEvalReport } from '../core/eval/report.ts';
import type { ResultsSummary, Tally } from '../core/eval/results-summary.ts';
import type { CliContext } from './context.ts';
import type { ReportOptions } from './report-args.ts';
import { EXIT } from './report-error.ts';

export async function runReport(options: ReportOptions, ctx: CliContext): Promise<number> {
  const sources = options.files.map((file, i) => {
    const label = options.labels?.[i];
    return label === undefined ? { path: file } : { path: file, label };
  });
  const report = await writeEvalReport(sources, options.output);
  if (options.json) {
    const json = {
      markdown: report.files.markdown,
      chart: report.files.chart,
      results: report.summaries.map(summaryJson),
    };
    await ctx.out(`${JSON.stringify(json, null, 2)}\n`);
    return EXIT.ok;
  }
  const pct = (value: number | null) => (value === null ? '—' : `${value.toFixed(2)}%`);
  const lines = report.summaries.map(
    (s) =>
      `${visibleText(s.label)}: sub-EM ${pct(s.all.subEm)}, EM ${pct(s.all.em)}, F1 ${pct(s.all.f1)} over ${plural(s.all.n, 'row')}${s.all.failed > 0 ? ` (${s.all.failed} failed, counted as 0)` : ''}`,
  );
  lines.push(`wrote ${report.files.markdown}`, `wrote ${report.files.chart}`);
  await ctx.out(`${lines.join('\n')}\n`);
  return EXIT.ok;
}

/** The JSON of one file: the percentages as `memagent eval --json` prints them. */
function summaryJson(s: ResultsSummary) {
  return {
    label: s.label,
    path: s.path,
    ...tallyJson(s.all),
    lengths: s.lengths.map((l) => ({
      tokens: l.tokens,
      column: l.column ?? null,
      ...tallyJson(l),
    })),
    tasks: s.tasks.map((t) => ({ task: t.task, ...tallyJson(t) })),
    wrong: s.wrong.length,
    usage: {
      ms: s.cost.ms,
      prompt_tokens: s.cost.promptTokens,
      completion_tokens: s.cost.completionTokens,
    },
    warnings: s.warnings,
    unmeasured: s.unmeasured,
    repeated_ids: s.repeatedIds,
    cut_last_line: s.cutLastLine,
  };
}

function tallyJson(t: Tally) {
  return {
    n: t.n,
    scored: t.scored,
    failed: t.failed,
    em: t.em,
    sub_em: t.subEm,
    f1: t.f1,
    sub_em_scored: t.subEmScored,
  };
}
