// The report's chart: accuracy (sub-EM) against context length on a log scale, one line per
// results file and the paper's Table 2 lines for reference. One self-contained SVG: no script,
// no external resource; light colours as attributes (what any viewer shows) and dark ones in a
// `prefers-color-scheme` rule, on a background of its own, so it reads in light and dark viewers.
import { visibleText } from '../../../shared/visible-text.ts';
import { esc } from '../export/html.ts';
import { bucketCentre, bucketOf, tokenLabel } from './length-buckets.ts';
import { PAPER_LENGTHS, PAPER_TABLE_2 } from './paper-table.ts';
import type { ResultsSummary } from './results-summary.ts';

const W = 820;
const PLOT = { left: 64, right: W - 28, top: 64, bottom: 384 };
const LEGEND_TOP = PLOT.bottom + 62;
const LEGEND_ROW = 20;
const LEGEND_COLUMN = 430;
/** Characters of a label the legend shows; the whole label is in the line's tooltip. */
const LABEL_CHARS = 44;

// Light on white / dark on GitHub's dark background; each pair keeps 4.5:1 contrast or near.
const SERIES = [
  ['#0969da', '#4493f8'],
  ['#bc4c00', '#f0883e'],
  ['#1a7f37', '#3fb950'],
  ['#8250df', '#ab7df8'],
  ['#cf222e', '#ff7b72'],
  ['#1b7c83', '#39c5cf'],
  ['#9a6700', '#d29922'],
  ['#bf3989', '#db61a2'],
] as const;
const REFERENCE = {
  light: '#6e7781',
  dark: '#8b949e',
  dashes: ['8 4', '2 3', '12 3 2 3', '4 4'],
};
/**
 * Where each paper line's name goes, in PAPER_TABLE_2's order: the two MemAgent lines end
 * 7 points apart at 3.5M (one name above, one below), the baselines at 896K (to the right).
 */
const REFERENCE_LABELS = [
  { name: 'MemAgent-14B', anchor: 'end', dx: 0, dy: -8 },
  { name: 'MemAgent-7B', anchor: 'end', dx: 0, dy: 16 },
  { name: 'Qwen2.5-14B-1M', anchor: 'start', dx: 6, dy: -4 },
  { name: 'QwenLong-L1-32B', anchor: 'start', dx: 6, dy: 4 },
] as const;
const THEME = {
  background: ['#ffffff', '#0d1117'],
  text: ['#1f2328', '#e6edf3'],
  muted: ['#59636e', '#9198a1'],
  grid: ['#d8dee4', '#30363d'],
} as const;

interface Point {
  tokens: number;
  value: number;
  tip: string;
}

/** The chart of `summaries` (in order: the first file gets the first colour) as SVG text. */
export function accuracyChartSvg(summaries: readonly ResultsSummary[]): string {
  const series = summaries.map((s) => ({
    label: s.label,
    points: s.lengths.map((l): Point => ({
      tokens: l.tokens.median,
      value: l.subEm,
      tip: `${s.label}: sub-EM ${l.subEm.toFixed(2)}% at ${tokenLabel(l.tokens.median)} tokens (${l.n} rows${l.failed > 0 ? `, ${l.failed} failed` : ''})`,
    })),
  }));
  const references = PAPER_TABLE_2.map((line) => ({
    label: line.model,
    points: PAPER_LENGTHS.flatMap((column, i): Point[] => {
      const value = line.subEm[i];
      return value === null || value === undefined
        ? []
        : [
            {
              tokens: column.tokens,
              value,
              tip: `${line.model} (paper): ${value.toFixed(2)}% at ${column.label}`,
            },
          ];
    }),
  }));
  const all = series.flatMap((s) => s.points.map((p) => p.tokens));
  // Table 2's span always, widened to any bucket the results reach beyond it.
  const first = Math.min(0, ...all.map(bucketOf));
  const last = Math.max(PAPER_LENGTHS.length - 1, ...all.map(bucketOf));
  const lo = Math.log(bucketCentre(first) / 1.3);
  const hi = Math.log(bucketCentre(last) * 1.3);
  const x = (tokens: number) =>
    PLOT.left + ((Math.log(tokens) - lo) / (hi - lo)) * (PLOT.right - PLOT.left);
  const y = (pct: number) => PLOT.bottom - (pct / 100) * (PLOT.bottom - PLOT.top);
  const xy = (p: Point) => `${x(p.tokens).toFixed(1)},${y(p.value).toFixed(1)}`;

  const out: string[] = [];
  // Grid and axes.
  for (let pct = 0; pct <= 100; pct += 20) {
    out.push(
      `<line class="grid" x1="${PLOT.left}" x2="${PLOT.right}" y1="${y(pct)}" y2="${y(pct)}" stroke="${THEME.grid[0]}"/>`,
      `<text class="muted" x="${PLOT.left - 8}" y="${y(pct) + 4}" text-anchor="end" fill="${THEME.muted[0]}">${pct}</text>`,
    );
  }
  for (let k = first; k <= last; k += 1) {
    const at = x(bucketCentre(k)).toFixed(1);
    const name = PAPER_LENGTHS[k]?.label ?? tokenLabel(bucketCentre(k));
    out.push(
      `<line class="grid" x1="${at}" x2="${at}" y1="${PLOT.top}" y2="${PLOT.bottom}" stroke="${THEME.grid[0]}"/>`,
      `<text class="muted" x="${at}" y="${PLOT.bottom + 18}" text-anchor="middle" fill="${THEME.muted[0]}">${name}</text>`,
    );
  }
  const midX = (PLOT.left + PLOT.right) / 2;
  const midY = (PLOT.top + PLOT.bottom) / 2;
  out.push(
    `<text class="text" x="${midX}" y="${PLOT.bottom + 40}" text-anchor="middle" fill="${THEME.text[0]}">Context length in tokens (log scale)</text>`,
    `<text class="text" x="18" y="${midY}" text-anchor="middle" transform="rotate(-90 18 ${midY})" fill="${THEME.text[0]}">Accuracy, sub-EM (%)</text>`,
  );
  // The paper's lines under the results, thin and dashed.
  references.forEach((line, i) => {
    out.push(
      `<g class="reference"><title>${text(`${line.label} (paper, Table 2)`)}</title>` +
        `<polyline class="ref" points="${line.points.map(xy).join(' ')}" fill="none" stroke="${REFERENCE.light}" stroke-width="1.5" stroke-dasharray="${REFERENCE.dashes[i % REFERENCE.dashes.length]}"/></g>`,
    );
  });
  series.forEach((line, i) => {
    const c = `s${i % SERIES.length}`;
    const colour = SERIES[i % SERIES.length]?.[0] ?? '#000';
    const dots = line.points
      .map(
        (p) =>
          `<circle class="dot ${c}" cx="${x(p.tokens).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="4" fill="${colour}"><title>${text(p.tip)}</title></circle>`,
      )
      .join('');
    out.push(
      `<g class="results"><title>${text(line.label)}</title>` +
        `<polyline class="line ${c}" points="${line.points.map(xy).join(' ')}" fill="none" stroke="${colour}" stroke-width="2.5" stroke-linejoin="round"${i >= SERIES.length ? ' stroke-dasharray="6 2"' : ''}/>${dots}</g>`,
    );
  });
  // Each paper line named at its last point, over the results with a halo of the background:
  // four grey dashed lines are told apart here, not by their dashes in the legend.
  references.forEach((line, i) => {
    const end = line.points.at(-1);
    const place = REFERENCE_LABELS[i];
    if (end === undefined || place === undefined) return;
    out.push(
      `<text class="muted halo" x="${(x(end.tokens) + place.dx).toFixed(1)}" y="${(y(end.value) + place.dy).toFixed(1)}" text-anchor="${place.anchor}" font-size="11" fill="${THEME.muted[0]}" stroke="${THEME.background[0]}" stroke-width="3" paint-order="stroke">${text(place.name)}</text>`,
    );
  });
  // Legend: the results on the left, the paper on the right.
  out.push(
    `<text class="text" x="${PLOT.left}" y="${LEGEND_TOP}" font-weight="600" fill="${THEME.text[0]}">Results</text>`,
    `<text class="text" x="${PLOT.left + LEGEND_COLUMN}" y="${LEGEND_TOP}" font-weight="600" fill="${THEME.text[0]}">Paper, Table 2 (RULER-HotpotQA)</text>`,
  );
  series.forEach((line, i) => {
    const c = `s${i % SERIES.length}`;
    const colour = SERIES[i % SERIES.length]?.[0] ?? '#000';
    const top = LEGEND_TOP + LEGEND_ROW * (i + 1);
    out.push(
      `<g class="legend"><title>${text(line.label)}</title>` +
        `<line class="line ${c}" x1="${PLOT.left}" x2="${PLOT.left + 28}" y1="${top - 4}" y2="${top - 4}" stroke="${colour}" stroke-width="2.5"${i >= SERIES.length ? ' stroke-dasharray="6 2"' : ''}/>` +
        `<text class="text" x="${PLOT.left + 36}" y="${top}" fill="${THEME.text[0]}">${text(clip(line.label, LABEL_CHARS))}</text></g>`,
    );
  });
  references.forEach((line, i) => {
    const left = PLOT.left + LEGEND_COLUMN;
    const top = LEGEND_TOP + LEGEND_ROW * (i + 1);
    out.push(
      `<line class="ref" x1="${left}" x2="${left + 28}" y1="${top - 4}" y2="${top - 4}" stroke="${REFERENCE.light}" stroke-width="1.5" stroke-dasharray="${REFERENCE.dashes[i % REFERENCE.dashes.length]}"/>`,
      `<text class="text" x="${left + 36}" y="${top}" fill="${THEME.text[0]}">${text(line.label)}</text>`,
    );
  });
  const height = LEGEND_TOP + LEGEND_ROW * (Math.max(series.length, references.length) + 1);
  const summary = summaries
    .map((s) => `${s.label}: sub-EM ${s.all.subEm.toFixed(2)}% over ${s.all.n} rows`)
    .join('; ');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" role="img" aria-labelledby="chart-title chart-desc" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" font-size="13">
<title id="chart-title">Accuracy against context length</title>
<desc id="chart-desc">${text(summary)}. Dashed: the paper's Table 2.</desc>
<style>${darkStyle()}</style>
<rect class="bg" width="100%" height="100%" fill="${THEME.background[0]}"/>
<text class="text" x="${PLOT.left}" y="26" font-size="17" font-weight="600" fill="${THEME.text[0]}">Accuracy against context length</text>
<text class="muted" x="${PLOT.left}" y="46" fill="${THEME.muted[0]}">sub-EM, the paper's metric; failed rows count as 0. Dashed grey: the paper's Table 2.</text>
${out.join('\n')}
</svg>
`;
}

function darkStyle(): string {
  const rules = [
    `.bg{fill:${THEME.background[1]}}`,
    `.text{fill:${THEME.text[1]}}`,
    `.muted{fill:${THEME.muted[1]}}`,
    `.halo{stroke:${THEME.background[1]}}`,
    `.grid{stroke:${THEME.grid[1]}}`,
    `.ref{stroke:${REFERENCE.dark}}`,
    ...SERIES.map(([, dark], i) => `.line.s${i}{stroke:${dark}}.dot.s${i}{fill:${dark}}`),
  ];
  return `@media (prefers-color-scheme: dark){${rules.join('')}}`;
}

/**
 * Text for SVG (XML): escaped as HTML is, controls and bidi shown, and what XML 1.0 cannot hold
 * even as a reference (lone surrogates, U+FFFE, U+FFFF) replaced by U+FFFD.
 */
export function text(raw: string): string {
  return esc(raw.replace(/\s+/g, ' ')).replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g,
    '\uFFFD',
  );
}

/**
 * At most `max` characters as shown (controls written out first: a label of bidi controls is
 * six times as wide as its length), in code points so no pair is split; an ellipsis when cut.
 */
function clip(raw: string, max: number): string {
  const chars = Array.from(visibleText(raw.replace(/\s+/g, ' ').trim()));
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
