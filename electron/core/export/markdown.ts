import { evidenceLocation, locationLabel } from '../../../shared/page-label.ts';
import { plural } from '../../../shared/plural.ts';
import { quoteCheckLine, quotedLabel } from '../../../shared/quote-check.ts';
import { warningLine } from '../../../shared/warning-groups.ts';
import { mdFence, mdInline } from './markdown-text.ts';
import {
  changeLabel,
  detailsLine,
  evidenceChunks,
  exportTitle,
  failureLine,
  localTime,
  localZone,
  eachMemoryChange,
  questionGroups,
  settingsLine,
  warningsLine,
  type RenderOptions,
} from './readable.ts';
import {
  citedEvidence,
  cutNote,
  ocrNote,
  type ExportedRun,
  type SessionExport,
} from './session.ts';

/**
 * Renders a session as Markdown to read and send: each question's answer first, with the
 * passages it rests on and one line of details; the memory trails in an appendix (each run's
 * final memory and a line per chunk; every state in full with `memory: 'all'`). Model output and
 * document text are escaped per context (see markdown-text.ts), never markup.
 */
export function sessionToMarkdown(session: SessionExport, options: RenderOptions = {}): string {
  const zone = options.timeZone ?? localZone();
  const d = session.document;
  const out: string[] = [`# ${mdInline(exportTitle(session))}`, ''];
  const facts = [mdInline(d.fileName), d.format.toUpperCase()];
  if (d.pageCount) facts.push(plural(d.pageCount, 'page'));
  if (d.tokenCount) facts.push(plural(d.tokenCount, 'token'));
  out.push(facts.join(' · '), '');
  out.push(`Exported ${localTime(session.exportedAt, zone)}; times are in ${mdInline(zone)}.`, '');
  const ocr = ocrNote(d);
  if (ocr !== undefined) out.push(`**Note:** ${mdInline(ocr)}`, '');

  const groups = questionGroups(session.runs);
  const numbered = groups.flatMap((group, g) =>
    group.map((run, r) => ({ run, label: runLabel(g + 1, r, group.length) })),
  );
  groups.forEach((group, g) => {
    out.push(`## ${g + 1}. ${mdInline(group[0]?.question ?? '')}`, '');
    group.forEach((run, r) => {
      if (group.length > 1)
        out.push(
          `### ${r === 0 ? 'Latest run' : 'Earlier run'}, asked ${localTime(run.createdAt, zone)}`,
          '',
        );
      answerBlock(run, zone, out);
    });
  });

  if (numbered.some(({ run }) => run.memories.length > 0 || run.response !== null)) {
    out.push('---', '', '## Appendix: memory trails', '');
    out.push(
      options.memory === 'all'
        ? 'Every memory state of each run, after each chunk it read.'
        : 'Each run’s final memory and what each chunk changed in it. The HTML, PDF and JSON exports hold every state.',
      '',
    );
    for (const { run, label } of numbered) trail(run, label, options.memory ?? 'final', out);
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** "1", or "1b" for the second run of question 1 (newest first). */
function runLabel(question: number, index: number, runs: number): string {
  return runs === 1 ? String(question) : `${question}${String.fromCharCode(97 + (index % 26))}`;
}

// The blocks below append to the document's lines: a run of 10⁶ chunks has as many trail lines,
// more than a spread (`out.push(...lines)`) may pass as arguments.

function answerBlock(run: ExportedRun, zone: string, out: string[]): void {
  const failure = failureLine(run);
  if (run.answer !== null) out.push(`**Answer:** ${mdInline(run.answer)}`, '');
  else out.push(`**No answer.** ${failure === undefined ? '' : mdInline(failure)}`.trimEnd(), '');
  if (run.answerCut) out.push(`_${cutNote(run)}_`, '');
  sources(run, out);
  if (run.answer !== null && failure !== undefined) out.push(mdInline(failure), '');
  if (run.question.includes('\n')) out.push('Question in full:', '', mdFence(run.question), '');
  out.push(`_${mdInline(detailsLine(run, zone))}_  `);
  out.push(`_Settings: ${mdInline(settingsLine(run))}_`, '');
  const warnings = run.status === 'done' ? warningsLine(run) : undefined;
  if (warnings !== undefined) out.push(`_Warnings: ${mdInline(warnings)}_`, '');
}

/** The passages the answer rests on, each a quote with where it is and who found it. */
function sources(run: ExportedRun, out: string[]): void {
  const { cited, none, note } = citedEvidence(run);
  if (none !== undefined) {
    out.push(`_${mdInline(none)}_`, '');
    return;
  }
  if (cited.length === 0) return;
  out.push('**Sources:**', '');
  if (note !== undefined) out.push(`_${mdInline(note)}_`, '');
  for (const e of cited) {
    const where = [evidenceLocation(e) || `chunk ${e.chunk + 1}`, quotedLabel(e.by) ?? '']
      .filter(Boolean)
      .join(' · ');
    out.push(`> “${mdInline(e.quote)}”  `, `> — ${mdInline(where)}`, '');
  }
  if (run.quoteCheck) out.push(`_${mdInline(quoteCheckLine(run.quoteCheck))}_`, '');
}

function trail(run: ExportedRun, label: string, memory: 'final' | 'all', out: string[]): void {
  out.push(`### ${label}. ${mdInline(run.question)}`, '');
  const cited = evidenceChunks(run);
  const last = run.memories.at(-1);
  if (last !== undefined && memory === 'final') {
    const where = mdInline(locationLabel(last, { dash: '-' }));
    out.push(
      `Final memory, after chunk ${last.chunk + 1} of ${run.chunkCount}${where ? ` (${where})` : ''}:`,
      '',
      mdFence(last.memory),
      '',
    );
  }
  if (run.memories.length > 0) {
    out.push('What each chunk changed:', '');
    // One change at a time: only its counts are written.
    for (const change of eachMemoryChange(run)) {
      const m = change.memory;
      const where = mdInline(locationLabel(m, { dash: '-' }));
      const mark = cited.has(m.chunk) ? ' · **cited**' : '';
      out.push(
        `- Chunk ${m.chunk + 1}${where ? ` (${where})` : ''}: ${changeLabel(change)}${mark}`,
      );
      if (memory === 'all') out.push('', indent(mdFence(m.memory)), '');
    }
    out.push('');
  }
  if (run.response !== null) out.push('Full final reply:', '', mdFence(run.response), '');
  if (run.warnings.length > 0) {
    out.push('Warnings:', '');
    for (const w of run.warnings) out.push(`- ${mdInline(warningLine(w))}`);
    out.push('');
  }
}

/** A block inside a list item. */
function indent(block: string): string {
  return block
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
}
