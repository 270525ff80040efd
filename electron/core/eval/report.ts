// Evaluation reports: results files in, a Markdown summary and an SVG chart out. Used by
// `memagent report` and `memagent eval --report DIR`.
import fs from 'node:fs/promises';
import path from 'node:path';
import { CoreError } from '../errors.ts';
import { accuracyChartSvg } from './report-chart.ts';
import { reportMarkdown } from './report-markdown.ts';
import { readResultsFile } from './results-file.ts';
import { summarizeResults, type ResultsSummary } from './results-summary.ts';

/** The names of the report's files in its folder (a rerun replaces them). */
export const REPORT_FILES = { markdown: 'report.md', chart: 'accuracy.svg' } as const;

export interface ResultsSource {
  path: string;
  /** The name of its line and section; default: the file's name without `.jsonl`. */
  label?: string;
  /** The evaluation writing it was stopped early (eval --report after Ctrl-C): rows done of all. */
  partial?: { done: number; total: number };
}

export interface EvalReport {
  summaries: ResultsSummary[];
  markdown: string;
  svg: string;
}

/**
 * Reads the results files (in order) and renders the report; nothing is written. With `dir`,
 * the Markdown names the files relative to it (where the report will be).
 */
export async function buildEvalReport(
  sources: readonly ResultsSource[],
  dir?: string,
): Promise<EvalReport> {
  if (sources.length === 0)
    throw new CoreError('BadUsage', 'A report needs at least one results file.', {
      hint: 'Name the files `memagent eval --out` wrote, for example results*.jsonl.',
    });
  const labels = defaultLabels(sources.map((s) => s.path));
  const summaries: ResultsSummary[] = [];
  for (const [i, source] of sources.entries()) {
    const file = await readResultsFile(source.path);
    const summary = summarizeResults(file, source.label ?? labels[i] ?? source.path);
    if (source.partial !== undefined) summary.partial = source.partial;
    summaries.push(summary);
  }
  return {
    summaries,
    markdown: reportMarkdown(summaries, REPORT_FILES.chart, (file) =>
      dir === undefined ? file : path.relative(dir, path.resolve(file)).split(path.sep).join('/'),
    ),
    svg: accuracyChartSvg(summaries),
  };
}

/**
 * Builds the report and writes `report.md` and `accuracy.svg` into `dir` (created if missing;
 * earlier reports' files there are replaced, each file whole or not at all). Returns the paths.
 */
export async function writeEvalReport(
  sources: readonly ResultsSource[],
  dir: string,
): Promise<EvalReport & { files: { markdown: string; chart: string } }> {
  const report = await buildEvalReport(sources, dir);
  const files = {
    markdown: path.join(dir, REPORT_FILES.markdown),
    chart: path.join(dir, REPORT_FILES.chart),
  };
  try {
    await fs.mkdir(dir, { recursive: true });
    await writeWhole(files.chart, report.svg);
    await writeWhole(files.markdown, report.markdown);
  } catch (error) {
    throw new CoreError('NotFound', `The report could not be written to ${dir}.`, {
      hint: 'Choose a folder you can write to with -o DIR.',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  return { ...report, files };
}

/**
 * Labels from file names: `results-7b.jsonl` is "results-7b". Files of the same name in
 * different folders keep as much of their path as tells them apart.
 */
export function defaultLabels(paths: readonly string[]): string[] {
  const parts = paths.map((p) => {
    const segments = path
      .normalize(p)
      .split(/[\\/]+/)
      .filter((s) => s !== '');
    const last = segments.pop() ?? p;
    return [...segments, last.replace(/\.jsonl?$/i, '')];
  });
  return parts.map((segments, i) => {
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const name = segments.slice(-depth).join('/');
      const clash = parts.some((other, j) => j !== i && other.slice(-depth).join('/') === name);
      if (!clash) return name;
    }
    return segments.join('/');
  });
}

async function writeWhole(file: string, content: string): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await fs.writeFile(temp, content, 'utf8');
    await fs.rename(temp, file);
  } finally {
    await fs.rm(temp, { force: true });
  }
}
