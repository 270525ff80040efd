// The names of the export formats and the format a file name asks for, apart from the renderers:
// `memagent` parses `export`'s arguments on every start (`--help`, `runs` too), and must not load
// the HTML, PDF, CSV and Excel writers (exceljs alone is ~200 modules) to know their names.
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/export-formats.ts';

/** The review's report formats, in the order `--out DIR` writes them. */
export const REVIEW_FORMATS = ['html', 'pdf', 'csv', 'xlsx', 'json'] as const;
export type ReviewFormat = (typeof REVIEW_FORMATS)[number];

/**
 * The format a file name asks for by its extension (`.markdown`, `.htm` too), if any.
 */
export function formatFromPath(file: string): ExportFormat | undefined {
  const ext = /\.([A-Za-z]+)$/.exec(file)?.[1]?.toLowerCase();
  if (ext === 'markdown') return 'md';
  if (ext === 'htm') return 'html';
  return EXPORT_FORMATS.find((f) => f === ext);
}
