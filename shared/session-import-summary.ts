// What an import did, in one sentence: the app's notice and `memagent import` say the same.
import type { SessionImport } from './api-payloads.ts';
import { plural } from './plural.ts';

/** Long titles are cut: the sentence must stay one line in a notice. */
const TITLE_CHARS = 80;

/**
 * "Imported 5 questions about “Title”; 2 were already in the library." A run whose id the
 * library holds with other content is named as not imported.
 */
export function sessionImportSummary(result: SessionImport): string {
  const oneLine = result.document.title.replace(/\s+/g, ' ').trim() || 'an untitled document';
  const title = oneLine.length > TITLE_CHARS ? `${oneLine.slice(0, TITLE_CHARS - 1)}…` : oneLine;
  const about = `about “${title}”`;
  const imported = result.imported.length;
  const already = result.already.length;
  const parts: string[] = [];
  if (imported > 0) {
    parts.push(`Imported ${plural(imported, 'question')} ${about}`);
    if (already > 0)
      parts.push(`${already} ${already === 1 ? 'was' : 'were'} already in the library`);
  } else if (already > 0) {
    parts.push(
      already === 1
        ? `The question ${about} was already in the library`
        : `All ${plural(already, 'question')} ${about} were already in the library`,
    );
  } else if (result.conflicts.length === 0) {
    parts.push(`The session ${about} has no questions; its document is in the library`);
  }
  const conflicts = result.conflicts.length;
  if (conflicts > 0)
    parts.push(
      `${plural(conflicts, 'question')} ${parts.length === 0 ? `${about} ` : ''}${conflicts === 1 ? 'was' : 'were'} not imported: the library has ${conflicts === 1 ? 'a different run' : 'different runs'} with the same id, left as ${conflicts === 1 ? 'it is' : 'they are'}`,
    );
  return `${parts.join('; ')}.`;
}
