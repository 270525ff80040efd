// The export formats and scopes, one list for the app's chooser, the File menu, the IPC contract
// and `memagent export`.

/**
 * Markdown, HTML, PDF, the importable JSON, and the model's conversations as trajectories (JSONL,
 * for RL training: docs/trajectories.md).
 */
export const EXPORT_FORMATS = ['md', 'html', 'pdf', 'json', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How each format is named to people. */
export const EXPORT_FORMAT_NAMES: Record<ExportFormat, string> = {
  md: 'Markdown',
  html: 'HTML',
  pdf: 'PDF',
  json: 'JSON (importable)',
  jsonl: 'Trajectories (JSONL)',
};

/** One run, every run of one question, or a document's whole session. */
export const EXPORT_SCOPES = ['run', 'question', 'document'] as const;
export type ExportScope = (typeof EXPORT_SCOPES)[number];
