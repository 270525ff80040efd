import { evidenceLocation, locationLabel } from '../../../shared/page-label.ts';
import { plural } from '../../../shared/plural.ts';
import { quoteCheckLine, quotedLabel } from '../../../shared/quote-check.ts';
import { visibleText } from '../../../shared/visible-text.ts';
import { warningLine } from '../../../shared/warning-groups.ts';
import { EXPORT_CSS } from './html-style.ts';
import {
  changeLabel,
  detailsLine,
  evidenceChunks,
  exportTitle,
  failureLine,
  localTime,
  localZone,
  memoryChanges,
  questionGroups,
  settingsLine,
  warningsLine,
  type MemoryChange,
  type RenderOptions,
} from './readable.ts';
import {
  citedEvidence,
  cutNote,
  ocrNote,
  type ExportedRun,
  type SessionExport,
} from './session.ts';

export interface HtmlOptions extends RenderOptions {
  /**
   * The page is for the PDF: collapsed sections are written open (print cannot click), and a
   * long memory trail keeps only its cited and largest changes.
   */
  print?: boolean;
}

/** Chunks a printed memory trail shows in full at most: beyond, the cited and largest changes. */
export const PRINTED_TRAIL_CHUNKS = 40;

/**
 * Renders a session as one self-contained HTML page: no script, no external resource (the CSP
 * forbids both), light and dark. Each question's answer comes first with the passages it rests
 * on, then one line of details, the memory timeline and, collapsed, the word-level change each
 * chunk made to the memory. Every string from the document or the model is escaped.
 */
export function sessionToHtml(session: SessionExport, options: HtmlOptions = {}): string {
  const zone = options.timeZone ?? localZone();
  const d = session.document;
  const title = exportTitle(session);
  const facts = [esc(d.fileName), esc(d.format.toUpperCase())];
  if (d.pageCount) facts.push(plural(d.pageCount, 'page'));
  if (d.tokenCount) facts.push(plural(d.tokenCount, 'token'));
  const ocr = ocrNote(d);
  const groups = questionGroups(session.runs);
  const toc =
    groups.length > 1
      ? `<nav class="toc"><ol>${groups
          .map((group, g) => {
            const run = group[0];
            const short = run?.answer === null || run === undefined ? 'no answer' : run.answer;
            return `<li><a href="#q${g + 1}">${esc(oneLine(run?.question ?? ''))}</a> <span class="short">— ${esc(clip(short, 120))}</span></li>`;
          })
          .join('')}</ol></nav>`
      : '';
  const sections = groups
    .map((group, g) => {
      const runs = group
        .map((run, r) => renderRun(run, group.length > 1 ? r : undefined, zone, options))
        .join('\n');
      return `<section class="question" id="q${g + 1}">\n<h2 dir="auto"><span class="n">${g + 1}.</span>${esc(oneLine(group[0]?.question ?? ''))}</h2>\n${runs}\n</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(oneLine(title))}</title>
<style>${EXPORT_CSS}</style>
</head>
<body>
<header>
<h1 dir="auto">${esc(oneLine(title))}</h1>
<p class="meta">${facts.join(' · ')}</p>
<p class="meta">Exported ${esc(localTime(session.exportedAt, zone))}; times are in ${esc(zone)}.</p>${ocr === undefined ? '' : `\n<p class="warn">${esc(ocr)}</p>`}
${toc}
</header>
${sections}
<p class="footnote">Made by MemAgent Desktop. The model read the document chunk by chunk, keeping a memory; the passages under each answer were found in the text the model read.</p>
</body>
</html>
`;
}

function renderRun(
  run: ExportedRun,
  index: number | undefined,
  zone: string,
  options: HtmlOptions,
): string {
  const open = options.print ? ' open' : '';
  const failure = failureLine(run);
  const out: string[] = [`<article class="run" id="run-${esc(run.id)}">`];
  if (index !== undefined)
    out.push(
      `<h3>${index === 0 ? 'Latest run' : 'Earlier run'}, asked ${esc(localTime(run.createdAt, zone))}</h3>`,
    );
  if (run.answer !== null)
    out.push(
      `<p class="answer" dir="auto"><span class="label">Answer:</span> ${esc(run.answer)}</p>`,
    );
  else out.push('<p class="answer none">No answer.</p>');
  if (run.answerCut) out.push(`<p class="warn">${esc(cutNote(run))}</p>`);
  if (failure !== undefined) out.push(`<p class="failure">${esc(failure)}</p>`);
  out.push(sources(run));
  if (run.question.includes('\n'))
    out.push(
      `<details${open}><summary>Question in full</summary><pre dir="auto">${esc(run.question)}</pre></details>`,
    );
  out.push(`<p class="details">${esc(detailsLine(run, zone))}</p>`);
  out.push(`<p class="details">${esc(settingsLine(run))}</p>`);
  // On paper the warnings list is not printed: a line says them (a stopped run's retries are in
  // its failure line already).
  const warnings =
    run.status === 'done'
      ? warningsLine(run)
      : options.print
        ? warningsLine({ ...run, warnings: run.warnings.filter((w) => w.code !== 'retry') })
        : undefined;
  if (warnings !== undefined) out.push(`<p class="details warn">Warnings: ${esc(warnings)}</p>`);
  const changes = memoryChanges(run);
  if (changes.length > 0) {
    out.push(timeline(run, changes));
    out.push(trail(run, changes, options));
  }
  if (run.response !== null)
    out.push(
      `<details${open}><summary>Full final reply</summary><pre dir="auto">${esc(run.response)}</pre></details>`,
    );
  if (run.warnings.length > 0 && !options.print)
    out.push(
      `<details><summary>${plural(run.warnings.length, 'warning')}</summary><ul>${run.warnings
        .map((w) => `<li>${esc(warningLine(w))}</li>`)
        .join('')}</ul></details>`,
    );
  out.push('</article>');
  return out.filter(Boolean).join('\n');
}

/** The passages the answer rests on: each quote, where it is, and who found it. */
function sources(run: ExportedRun): string {
  const { cited, none, note } = citedEvidence(run);
  if (none !== undefined) return `<p class="meta">${esc(none)}</p>`;
  if (cited.length === 0) return '';
  const label = note === undefined ? '' : `<p class="meta">${esc(note)}</p>\n`;
  const items = cited.map((e) => {
    const where = evidenceLocation(e) || `chunk ${e.chunk + 1}`;
    const by = quotedLabel(e.by);
    return `<li><blockquote dir="auto">“${esc(e.quote)}”</blockquote><p class="where">${esc(where)}${by ? ` · <span class="by">${esc(by)}</span>` : ''}</p></li>`;
  });
  const check = run.quoteCheck
    ? `\n<p class="meta">${esc(quoteCheckLine(run.quoteCheck))}</p>`
    : '';
  return `${label}<ol class="sources">${items.join('')}</ol>${check}`;
}

/**
 * A bar per chunk, as tall as the change its memory state made, cited chunks marked; each bar
 * links to that chunk's change in the trail. Flex widths keep 36 or 700 bars on one line.
 */
function timeline(run: ExportedRun, changes: MemoryChange[]): string {
  const cited = evidenceChunks(run);
  // A loop, not Math.max(...sizes): 10⁶ chunks are more arguments than a call may take.
  let most = 1;
  for (const c of changes) most = Math.max(most, c.added + c.removed);
  const density = changes.length <= 60 ? ' few' : changes.length <= 200 ? ' some' : '';
  const bars = changes
    .map((c) => {
      const m = c.memory;
      const size = c.added + c.removed;
      const isCited = cited.has(m.chunk);
      const scaled = m.kept || size === 0 ? 4 : Math.max(8, Math.round((100 * size) / most));
      // A cited chunk must be seen among 700 hairlines, whatever its change.
      const height = isCited ? Math.max(scaled, 40) : scaled;
      const kind = cited.has(m.chunk) ? ' cited' : m.kept ? ' kept' : '';
      const where = locationLabel(m, { dash: '-' });
      const tip = `Chunk ${m.chunk + 1}${where ? ` · ${where}` : ''} · ${changeLabel(c)}${cited.has(m.chunk) ? ' · cited' : ''}`;
      return `<a class="bar${kind}" style="height:${height}%" href="#${chunkAnchor(run, m.chunk)}" title="${esc(tip)}"></a>`;
    })
    .join('');
  const citedList = [...cited].sort((a, b) => a - b).map((c) => c + 1);
  const label = `Memory change per chunk: ${plural(changes.length, 'chunk')}${citedList.length > 0 ? `, cited: ${citedList.join(', ')}` : ''}`;
  return `<div class="timeline${density}" role="img" aria-label="${esc(label)}">${bars}</div>
<p class="legend">Each bar is a chunk, as tall as the words its memory state added and removed.${citedList.length > 0 ? `<span class="key"></span>cited passages (chunk${citedList.length === 1 ? '' : 's'} ${citedList.join(', ')})` : ''}</p>`;
}

/** Every state as its word-level change from the one before, collapsed per chunk. */
function trail(run: ExportedRun, changes: MemoryChange[], options: HtmlOptions): string {
  const cited = evidenceChunks(run);
  let shown = changes;
  let note = '';
  if (options.print && changes.length > PRINTED_TRAIL_CHUNKS) {
    // On paper, hundreds of states are not read: the cited chunks and the largest changes are.
    const keep = new Set(
      [...changes]
        .sort((a, b) => b.added + b.removed - (a.added + a.removed))
        .slice(0, PRINTED_TRAIL_CHUNKS - cited.size)
        .map((c) => c.memory.chunk),
    );
    for (const c of cited) keep.add(c);
    shown = changes.filter((c, i) => keep.has(c.memory.chunk) || i === changes.length - 1);
    note = `<p class="meta">Printed: the ${shown.length} chunks with cited passages or the largest changes, and the last; the HTML and JSON exports hold all ${changes.length}.</p>`;
  }
  const open = options.print ? ' open' : '';
  const item = (c: MemoryChange) => {
    const m = c.memory;
    const where = locationLabel(m, { dash: '-' });
    const tag = cited.has(m.chunk) ? ' <span class="cited-tag">cited</span>' : '';
    return `<details id="${chunkAnchor(run, m.chunk)}"${open}><summary>Chunk ${m.chunk + 1}${where ? ` · ${esc(where)}` : ''} <span class="change">${esc(changeLabel(c))}</span>${tag}</summary><div class="diff" dir="auto">${diffHtml(c, options.print ? PRINT_CONTEXT_WORDS : undefined)}</div></details>`;
  };
  const items: string[] = [];
  for (let i = 0; i < shown.length; i += 1) {
    // On paper a stretch of unchanged states is one line, not the same memory page after page.
    let j = i;
    const still = (c: MemoryChange | undefined) =>
      c !== undefined && c.added + c.removed === 0 && !cited.has(c.memory.chunk);
    while (
      options.print &&
      still(shown[j]) &&
      shown[j + 1]?.memory.chunk === (shown[j]?.memory.chunk ?? 0) + 1 &&
      still(shown[j + 1])
    )
      j += 1;
    const first = shown[i];
    if (first === undefined) continue;
    if (j > i)
      items.push(
        `<p class="meta">Chunks ${first.memory.chunk + 1}–${(shown[j]?.memory.chunk ?? 0) + 1}: no change to the memory.</p>`,
      );
    else items.push(item(first));
    i = j;
  }
  const last = changes.at(-1);
  const final =
    last === undefined
      ? ''
      : `<p class="meta">Final memory, after chunk ${last.memory.chunk + 1} of ${run.chunkCount}:</p><pre dir="auto">${esc(last.memory.memory)}</pre>`;
  return `<details class="trail"${open}><summary>Memory trail: ${plural(changes.length, 'state')}, the change each chunk made${options.print ? ' (unchanged stretches shortened to “…”)' : ''}</summary>
${final}${note}
${items.join('\n')}
</details>`;
}

/** Unchanged words kept either side of a change when printed; the rest of a stretch is "…". */
const PRINT_CONTEXT_WORDS = 8;

/**
 * The state's text with the words it added and removed marked (no change: the text as is). On
 * paper (`context`), long unchanged stretches shrink to a few words around each change: the
 * final memory is printed whole once, so each chunk's page shows only what it changed.
 */
function diffHtml(change: MemoryChange, context?: number): string {
  if (change.parts.length === 0) return esc(change.memory.memory);
  const last = change.parts.length - 1;
  return change.parts
    .map((p, i) => {
      if (p.added) return `<ins>${esc(p.value)}</ins>`;
      if (p.removed) return `<del>${esc(p.value)}</del>`;
      if (context === undefined) return esc(p.value);
      const words = p.value.split(/(\s+)/);
      const keep = 2 * context; // words and the spaces between them
      if (words.length <= 2 * keep + 1) return esc(p.value);
      const head = i === 0 ? '' : words.slice(0, keep).join('');
      const tail = i === last ? '' : words.slice(-keep).join('');
      return `${esc(head)}<span class="elided"> … </span>${esc(tail)}`;
    })
    .join('');
}

function chunkAnchor(run: ExportedRun, chunk: number): string {
  return `run-${run.id.replace(/[^A-Za-z0-9_-]/g, '_')}-chunk-${chunk + 1}`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function clip(text: string, max: number): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Escapes text for HTML element content and attribute values; controls and bidi are shown. */
export function esc(text: string): string {
  return visibleText(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
