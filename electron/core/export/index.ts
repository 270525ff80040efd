import { sessionToHtml } from './html.ts';
import { sessionToMarkdown } from './markdown.ts';
import type { SessionExport } from './session.ts';
import { visibleText } from '../../../shared/visible-text.ts';

export {
  buildSessionExport,
  type SessionExport,
  type ExportedRun,
  type ExportedMemory,
} from './session.ts';
export { sessionToHtml } from './html.ts';
export { sessionToMarkdown } from './markdown.ts';

export type SessionFormat = 'md' | 'json' | 'html';

/** Serialises a session in one of the export formats. */
export function renderSession(session: SessionExport, format: SessionFormat): string {
  switch (format) {
    case 'md':
      return sessionToMarkdown(session);
    case 'html':
      return sessionToHtml(session);
    case 'json':
      // JSON keeps every string exactly; visibleText only turns the raw C1, DEL and bidi
      // characters JSON.stringify leaves in into \u escapes, so `cat` cannot be fooled by them.
      return `${visibleText(JSON.stringify(session, null, 2))}\n`;
  }
}
