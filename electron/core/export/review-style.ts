// The review report's styles, added to the session exports' one stylesheet (html-style.ts): a wide
// matrix that scrolls on screen with its header and first column held, and prints in bands of
// questions; a table of answers per document. Light and dark like the rest; light in print.

export const REVIEW_CSS = `
body.review { max-width: 84rem; }
:root { --partial: #b45309; --s-muted: var(--muted); }
@media (prefers-color-scheme: dark) { :root { --partial: #f0b35a; } }
.legend-line { font-size: .85rem; color: var(--muted); margin: .35rem 0; }
.mark { color: var(--partial); font-weight: 700; margin-left: .25rem; }
.ne { color: var(--bad); font-weight: 700; margin-right: .2rem; }
.matrix-scroll { overflow: auto; max-height: 85vh; border: 1px solid var(--line); border-radius: 6px; margin: .75rem 0 1.5rem; }
table { border-collapse: separate; border-spacing: 0; font-size: .88rem; }
.matrix th, .matrix td { border-right: 1px solid var(--line); border-bottom: 1px solid var(--line);
  padding: .35rem .5rem; vertical-align: top; text-align: left; min-width: 8.5rem; max-width: 16rem; }
.matrix thead th { position: sticky; top: 0; z-index: 2; background: var(--panel); font-weight: 600; }
.matrix tbody th { position: sticky; left: 0; z-index: 1; background: var(--bg); font-weight: 600; min-width: 11rem; }
.matrix thead th.corner { left: 0; z-index: 3; }
.matrix .n { color: var(--muted); margin-right: .2rem; }
td.s-not_stated, td.s-no_answer, td.s-queued, td.s-reading, td.s-paused, td.s-cancelled, td.s-interrupted { color: var(--s-muted); font-style: italic; }
td.s-failed { color: var(--bad); }
td.s-cut { color: var(--warn); }
td.disagrees { color: var(--bad); font-weight: 600; }
td.partial { background: color-mix(in srgb, var(--partial) 10%, transparent); }
.columns { display: grid; grid-template-columns: repeat(auto-fill, minmax(18rem, 1fr)); gap: .5rem 1.5rem; }
.column h3 { color: var(--fg); margin: .75rem 0 .25rem; font-size: .95rem; }
.counts { list-style: none; padding: 0; margin: .25rem 0; font-size: .88rem; }
.counts li { display: flex; justify-content: space-between; gap: 1rem; border-bottom: 1px dotted var(--line); }
.counts .state { color: var(--muted); font-style: italic; }
.outliers { font-size: .85rem; margin: .25rem 0; }
.answers { width: 100%; table-layout: fixed; margin: .5rem 0 1rem; }
.answers th, .answers td { border-bottom: 1px solid var(--line); padding: .5rem .5rem; vertical-align: top; text-align: left; }
.answers thead th { color: var(--muted); font-weight: 600; font-size: .8rem; }
.answers col.q { width: 24%; } .answers col.a { width: 34%; } .answers col.e { width: 42%; }
.answers .value { font-weight: 600; margin: 0 0 .25rem; white-space: pre-wrap; }
.answers .words { margin: 0 0 .25rem; white-space: pre-wrap; }
.answers .words .label, .answers .cov .label { color: var(--muted); }
.answers .cov { font-size: .8rem; color: var(--muted); margin: .25rem 0 0; }
.answers .cov.partial { color: var(--partial); font-weight: 600; }
.answers .sources { margin: 0; }
.answers .sources li { margin: 0 0 .5rem; }
.answers .history { font-size: .8rem; color: var(--muted); margin: .25rem 0 0; }
@media print {
  :root { --partial: #8a4b00; }
  body.review { max-width: none; font-size: 9.5pt; }
  .matrix-scroll { overflow: visible; max-height: none; border: 0; }
  .matrix { width: 100%; table-layout: fixed; break-inside: auto; margin-bottom: 1rem; }
  .matrix th, .matrix td { min-width: 0; max-width: none; position: static; font-size: 8pt; }
  .matrix thead th, .matrix tbody th { position: static; }
  .matrix thead { display: table-header-group; }
  .matrix tr, .answers tr.q, .column { break-inside: avoid; }
  .band-title { font-size: .85rem; color: var(--muted); margin: .5rem 0 .25rem; break-after: avoid; }
  section.document { break-before: page; }
  .answers thead { display: table-header-group; }
  td.partial { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}
`;
