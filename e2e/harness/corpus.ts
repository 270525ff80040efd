// The realistic material the screenshot walk reads: shared by the project's worktrees in
// ../shared/corpus and never committed. Kept free of browser imports so that
// scripts/screenshots.ts can check for it before starting the suite.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.ts';

export const CORPUS = path.resolve(repoRoot, '../shared/corpus');
export const BOOK = path.join(CORPUS, 'cplusplus-annotations.pdf');
export const GPL = path.join(CORPUS, 'gpl-3.0.pdf');
export const EPUB = path.join(CORPUS, 'live-manual.ja.epub');
export const DOCX = path.join(CORPUS, 'fhs-3.0.docx');
const NEEDED = [BOOK, GPL, EPUB, DOCX];

/** Why the walk cannot run here, or null when the corpus is complete. */
export function corpusMissing(): string | null {
  const missing = NEEDED.filter((f) => !existsSync(f));
  return missing.length === 0
    ? null
    : `the corpus is missing ${missing.map((f) => path.basename(f)).join(', ')} in ${CORPUS}`;
}
