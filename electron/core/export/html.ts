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

/**
 * Renders a session as a self-contained HTML page. Every string from the document or the model
 * is escaped (it is data, never markup), and the page's CSP forbids scripts and remote loads.
 */
export function sessionToHtml(session: SessionExport): string {
  const d = session.document;
  const ocr = ocrNote(d);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Questions about ${esc(d.title)}</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
pre { white-space: pre-wrap; word-break: break-word; background: #f4f4f6; padding: .75rem; border-radius: 6px; }
.answer { font-size: 1.15rem; } .meta { color: #555; } .warn { color: #8a4b00; } details { margin: .5rem 0; }
@media (prefers-color-scheme: dark) { body { background: #161618; color: #e8e8ea; } pre { background: #242428; } .meta { color: #aaa; } }
</style>
</head>
<body>
<h1>Questions about ${esc(d.title)}</h1>
<p class="meta">${esc(d.fileName)} · ${esc(d.format)}${d.pageCount ? ` · ${d.pageCount} pages` : ''}${d.tokenCount ? ` · ${d.tokenCount} tokens` : ''} · exported ${esc(session.exportedAt)}</p>${ocr === undefined ? '' : `\n<p class="warn">${esc(ocr)}</p>`}
${session.runs.map((run, i) => renderRun(run, i + 1)).join('\n')}
</body>
</html>
`;
}

function renderRun(run: ExportedRun, n: number): string {
  const s = run.settings;
  const backend = run.backend
    ? ` via ${esc(run.backend.name)} (${esc(run.backend.kind)}, ${esc(run.backend.baseUrl)})`
    : '';
  const warnings =
    run.warnings.length === 0
      ? ''
      : `<h3>Warnings</h3>\n<ul>${run.warnings
          .map(
            (w) =>
              `<li>${w.chunk === undefined ? '' : `chunk ${w.chunk + 1}: `}${esc(w.message)}</li>`,
          )
          .join('')}</ul>`;
  const memories = run.memories
    .map((m) => {
      const where = locationLabel(m, { dash: '-' });
      return `<details><summary>Chunk ${m.chunk + 1}${where ? ` (${esc(where)})` : ''}${m.kept ? ' (previous memory kept)' : ''}</summary><pre>${esc(m.memory)}</pre></details>`;
    })
    .join('\n');
  return `<section>
<h2>${n}. ${esc(run.question)}</h2>
<p class="answer"><strong>Answer:</strong> ${run.answer === null ? '<em>no answer</em>' : esc(run.answer)}</p>${run.answerCut ? `\n<p class="warn">${CUT_NOTE}</p>` : ''}${sources(run)}
<ul class="meta">
<li>Status: ${esc(run.status)}</li>
<li>Model: ${esc(run.model ?? 'unknown')}${backend}</li>
<li>Settings: chunk ${s.chunkTokens} tokens, memory ${s.memoryTokens}, answer ${s.answerTokens}, temperature ${s.temperature}, top-p ${s.topP}, final prompt ${esc(s.final)}, tokenizer ${esc(s.tokenizer)}</li>
<li>Usage: ${run.usage.promptTokens} prompt + ${run.usage.completionTokens} completion tokens${run.cost === undefined ? '' : `; estimated cost ${run.cost.toFixed(4)}`}; ${run.memories.length} of ${run.chunkCount} chunks read</li>
<li>Asked ${esc(run.createdAt)}${run.finishedAt ? `, finished ${esc(run.finishedAt)}` : ''}</li>
</ul>
${run.response === null ? '' : `<h3>Full reply</h3>\n<pre>${esc(run.response)}</pre>`}
${warnings}
<h3>Memory after each chunk</h3>
${memories}
</section>`;
}

/** The passages the answer rests on, each with where it is, right under the answer. */
function sources(run: ExportedRun): string {
  const { cited, none } = citedEvidence(run);
  if (none !== undefined) return `\n<p class="meta">${esc(none)}</p>`;
  if (cited.length === 0) return '';
  const items = cited.map((e) => {
    const where = evidenceLocation(e);
    const by = quotedLabel(e.by);
    return `<li>${where ? `${esc(where)}: ` : ''}“${esc(e.quote)}”${by ? ` <em class="by">(${esc(by)})</em>` : ''}</li>`;
  });
  const check = run.quoteCheck
    ? `\n<p class="meta">${esc(quoteCheckLine(run.quoteCheck))}</p>`
    : '';
  return `\n<p><strong>Sources:</strong></p>\n<ul class="sources">${items.join('')}</ul>${check}`;
}

/** Escapes text for HTML element content and attribute values; controls and bidi are shown. */
export function esc(text: string): string {
  return visibleText(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
