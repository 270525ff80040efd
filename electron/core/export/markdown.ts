import {
  citedEvidence,
  CUT_NOTE,
  ocrNote,
  type ExportedRun,
  type SessionExport,
} from './session.ts';
import { evidenceLocation, locationLabel } from '../../../shared/page-label.ts';
import { quoteCheckLine, quotedLabel } from '../../../shared/quote-check.ts';
import { visibleText } from '../../../shared/visible-text.ts';

/** Renders a session as Markdown. Model output and document text go in fences, never as markup. */
export function sessionToMarkdown(session: SessionExport): string {
  const out: string[] = [];
  const d = session.document;
  out.push(`# Questions about ${inline(d.title)}`, '');
  out.push(
    `- File: ${inline(d.fileName)} (${d.format}${d.pageCount ? `, ${d.pageCount} pages` : ''}${d.tokenCount ? `, ${d.tokenCount} tokens` : ''})`,
  );
  const ocr = ocrNote(d);
  if (ocr !== undefined) out.push(`- ${inline(ocr)}`);
  out.push(`- Exported: ${session.exportedAt}`, '');
  session.runs.forEach((run, i) => out.push(...renderRun(run, i + 1)));
  return `${out.join('\n').trimEnd()}\n`;
}

function renderRun(run: ExportedRun, n: number): string[] {
  const out: string[] = [`## ${n}. ${inline(run.question)}`, ''];
  out.push(`**Answer:** ${run.answer === null ? '_no answer_' : inline(run.answer)}`, '');
  if (run.answerCut) out.push(`_${CUT_NOTE}_`, '');
  out.push(...sources(run));
  out.push(`- Status: ${run.status}`);
  out.push(
    `- Model: ${inline(run.model ?? 'unknown')}${run.backend ? ` via ${inline(run.backend.name)} (${run.backend.kind}, ${inline(run.backend.baseUrl)})` : ''}`,
  );
  const s = run.settings;
  out.push(
    `- Settings: chunk ${s.chunkTokens} tokens, memory ${s.memoryTokens}, answer ${s.answerTokens}, temperature ${s.temperature}, top-p ${s.topP}, final prompt ${s.final}, tokenizer ${s.tokenizer}`,
  );
  const cost = run.cost === undefined ? '' : `; estimated cost ${run.cost.toFixed(4)}`;
  out.push(
    `- Usage: ${run.usage.promptTokens} prompt + ${run.usage.completionTokens} completion tokens${cost}; ${run.memories.length} of ${run.chunkCount} chunks read`,
  );
  out.push(`- Asked: ${run.createdAt}${run.finishedAt ? `, finished: ${run.finishedAt}` : ''}`, '');
  if (run.question.includes('\n')) out.push('Question in full:', '', fence(run.question), '');
  if (run.response !== null) out.push('### Full reply', '', fence(run.response), '');
  if (run.warnings.length > 0) {
    out.push('### Warnings', '');
    for (const w of run.warnings)
      out.push(`- ${w.chunk === undefined ? '' : `chunk ${w.chunk + 1}: `}${inline(w.message)}`);
    out.push('');
  }
  out.push('### Memory after each chunk', '');
  for (const m of run.memories) {
    // Page labels are the document's text too (a PDF's /PageLabels): escaped like the section.
    const where = inline(locationLabel(m, { dash: '-' }));
    out.push(
      `#### Chunk ${m.chunk + 1}${where ? ` (${where})` : ''}${m.kept ? ' (previous memory kept)' : ''}`,
      '',
      fence(m.memory),
      '',
    );
  }
  return out;
}

/** The passages the answer rests on, each with where it is, right under the answer. */
function sources(run: ExportedRun): string[] {
  const { cited, none } = citedEvidence(run);
  if (none !== undefined) return [`_${inline(none)}_`, ''];
  if (cited.length === 0) return [];
  const items = cited.map((e) => {
    const where = evidenceLocation(e);
    const by = quotedLabel(e.by);
    // `*`, not `-`: a list of another marker, so the run's `-` list below stays its own.
    return `* ${where ? `${inline(where)}: ` : ''}“${inline(e.quote)}”${by ? ` _(${by})_` : ''}`;
  });
  const check = run.quoteCheck ? [`_${inline(quoteCheckLine(run.quoteCheck))}_`, ''] : [];
  return ['**Sources:**', '', ...items, '', ...check];
}

/**
 * A fenced block whose fence is longer than any backtick run inside, so content cannot close it;
 * control and bidi characters are shown, not written raw.
 */
function fence(raw: string): string {
  const text = visibleText(raw);
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const bar = '`'.repeat(longest + 1);
  return `${bar}text\n${text}\n${bar}`;
}

/**
 * One line of text with Markdown and HTML metacharacters escaped, controls and bidi shown. The
 * escaped `:` and `.` keep GFM from turning a bare `https://…`, `www.…` or e-mail address into a
 * live link: the document's text stays text.
 */
function inline(text: string): string {
  return visibleText(text.replace(/\s+/g, ' ')).replace(
    /[\\`*_{}[\]()#+\-.!|<>&~:]/g,
    (c) => `\\${c}`,
  );
}
