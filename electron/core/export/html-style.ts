// The HTML and PDF exports' one stylesheet: inline in the page (nothing is fetched), light and
// dark by the reader's preference, and a print layout for the PDF (light, paginated, numbered).

// CJK last: Latin text keeps the system face; Japanese and Chinese find a face on every system.
const FONTS =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", "Meiryo", "Microsoft YaHei", "PingFang SC", sans-serif';
const MONO =
  'ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", "Noto Sans Mono CJK JP", "Noto Sans CJK JP", monospace';

export const EXPORT_CSS = `
:root { color-scheme: light dark; --fg: #1d1d1f; --muted: #5c5c66; --bg: #ffffff; --panel: #f4f4f7;
  --line: #d9d9e0; --accent: #2f5bd3; --warn: #8a4b00; --bad: #a11d2b; --ins: #d7f5dd; --ins-fg: #0c4a1c;
  --del: #fde0e0; --del-fg: #7a1020; --bar: #8fa3d9; --cited: #d97706; --quote: #2f5bd3; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e8e8ec; --muted: #a6a6b2; --bg: #16161a; --panel: #222228; --line: #3a3a44;
    --accent: #8fb0ff; --warn: #f0b35a; --bad: #ff8f99; --ins: #143d22; --ins-fg: #b9f2c8;
    --del: #4a1820; --del-fg: #ffc2c9; --bar: #5d6f9f; --cited: #f59e0b; --quote: #8fb0ff; }
}
* { box-sizing: border-box; }
body { font: 15px/1.55 ${FONTS}; color: var(--fg); background: var(--bg); max-width: 52rem;
  margin: 0 auto; padding: 2rem 1.25rem 4rem; overflow-wrap: anywhere; }
h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 .5rem; }
h2 { font-size: 1.25rem; line-height: 1.3; margin: 2.5rem 0 .75rem; padding-top: 1rem; border-top: 1px solid var(--line); }
h2 .n { color: var(--muted); font-weight: 600; margin-right: .25rem; }
h3 { font-size: 1rem; margin: 1.5rem 0 .5rem; color: var(--muted); }
.meta, .details { color: var(--muted); font-size: .9rem; margin: .25rem 0; }
.warn { color: var(--warn); }
.toc ol { padding-left: 1.5rem; } .toc li { margin: .2rem 0; } .toc .short { color: var(--muted); }
a { color: var(--accent); }
.answer { font-size: 1.15rem; margin: .5rem 0 .75rem; white-space: pre-wrap; }
.answer .label { font-weight: 700; }
.none { color: var(--muted); font-style: italic; }
.failure { color: var(--bad); margin: .5rem 0; }
.sources { list-style: none; padding: 0; margin: .5rem 0 1rem; }
.sources li { margin: 0 0 .75rem; }
blockquote { margin: 0; padding: .35rem .9rem; border-left: 3px solid var(--quote); background: var(--panel); border-radius: 0 6px 6px 0; white-space: pre-wrap; }
.where { margin: .2rem 0 0 .9rem; font-size: .85rem; color: var(--muted); }
.by { font-style: italic; }
.timeline { display: flex; align-items: flex-end; height: 48px; margin: .75rem 0 .25rem; padding: 2px;
  border-bottom: 1px solid var(--line); print-color-adjust: exact; -webkit-print-color-adjust: exact; }
.timeline.few { gap: 2px; } .timeline.some { gap: 1px; }
.bar { flex: 1 1 0; min-width: 0; max-width: 28px; background: var(--bar); border-radius: 1px 1px 0 0; display: block; }
.bar.kept { background: var(--line); }
.bar.cited { background: var(--cited); min-width: 3px; }
.legend { font-size: .8rem; color: var(--muted); margin: 0 0 .75rem; }
.legend .key { display: inline-block; width: .7rem; height: .7rem; vertical-align: -1px; margin: 0 .2rem 0 .5rem; background: var(--cited); print-color-adjust: exact; -webkit-print-color-adjust: exact; }
details { margin: .4rem 0; }
details > summary { cursor: pointer; color: var(--accent); }
details details { margin: .15rem 0 .15rem 1rem; }
details details > summary { color: var(--fg); font-size: .9rem; }
details details > summary .change { color: var(--muted); }
details details > summary .cited-tag { color: var(--cited); font-weight: 600; }
pre, .diff { font: 13px/1.5 ${MONO}; white-space: pre-wrap; overflow-wrap: anywhere; background: var(--panel);
  padding: .6rem .75rem; border-radius: 6px; margin: .35rem 0; }
.elided { color: var(--muted); }
ins { background: var(--ins); color: var(--ins-fg); text-decoration: none; }
del { background: var(--del); color: var(--del-fg); }
.footnote { font-size: .8rem; color: var(--muted); margin-top: 3rem; }
@page { size: A4; margin: 16mm 15mm 18mm;
  @bottom-center { content: counter(page) " / " counter(pages); font: 9pt ${FONTS}; color: #666; } }
@media print {
  :root { --fg: #111; --muted: #555; --bg: #fff; --panel: #f3f3f6; --line: #ccc; --accent: #1d3f9e;
    --warn: #7a4200; --bad: #9b1020; --ins: #d7f5dd; --ins-fg: #0c4a1c; --del: #fde0e0; --del-fg: #7a1020;
    --bar: #8fa3d9; --cited: #d97706; --quote: #1d3f9e; }
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  section.question + section.question { break-before: page; }
  h2 { border-top: 0; margin-top: 0; }
  h2, h3, summary { break-after: avoid; }
  blockquote, .where, .details, .timeline, .legend, .answer { break-inside: avoid; }
  pre, .diff { font-size: 8.5pt; border: 1px solid var(--line); box-decoration-break: clone; -webkit-box-decoration-break: clone; }
  details > summary { color: var(--fg); font-weight: 600; list-style: none; }
  details details { margin-left: 0; }
  a { color: inherit; text-decoration: none; }
}
`;
