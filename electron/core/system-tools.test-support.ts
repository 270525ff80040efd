// The system tools some unit tests shell out to (poppler, qpdf, img2pdf) and the CJK fonts a
// printed PDF needs. `.ci/run` installs them; on a machine without one, the tests that need it are
// reported as skipped with the reason in their name, as the e2e suite does when Chromium is
// missing, instead of failing (or failing to load) for a reason that is not the code's.
import { spawnSync } from 'node:child_process';

/** A command a test runs, and the Debian package that provides it. */
const PACKAGE_OF = {
  pdfinfo: 'poppler-utils',
  pdftoppm: 'poppler-utils',
  pdftotext: 'poppler-utils',
  qpdf: 'qpdf',
  img2pdf: 'img2pdf',
} as const;

export type SystemTool = keyof typeof PACKAGE_OF;

const found = new Map<string, boolean>();

function onPath(tool: SystemTool): boolean {
  let known = found.get(tool);
  if (known === undefined) {
    // `command -v` rather than running the tool: some print their version only on error.
    known = spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
    found.set(tool, known);
  }
  return known;
}

let cjk: boolean | undefined;

/** Whether fontconfig knows a font with Japanese glyphs (Debian: fonts-noto-cjk). */
export function hasCjkFonts(): boolean {
  if (cjk === undefined) {
    const list = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
    cjk = list.status === 0 && list.stdout.trim() !== '';
  }
  return cjk;
}

/**
 * Why a test cannot run here, or null when it can: the missing tools (and CJK fonts when `cjk`)
 * with the packages to install, e.g. "needs pdftoppm, img2pdf: apt-get install poppler-utils img2pdf".
 */
export function missingSystemTools(
  tools: readonly SystemTool[],
  options: { cjkFonts?: boolean } = {},
): string | null {
  const missing: string[] = tools.filter((t) => !onPath(t));
  const packages = new Set<string>(missing.map((t) => PACKAGE_OF[t as SystemTool]));
  if (options.cjkFonts === true && !hasCjkFonts()) {
    missing.push('CJK fonts');
    packages.add('fonts-noto-cjk');
  }
  if (missing.length === 0) return null;
  return `needs ${missing.join(', ')}: apt-get install ${[...packages].join(' ')}`;
}

/** The note a skipped test's name ends with: " (skipped: REASON)", or "" when it runs. */
export function skipNote(reason: string | null): string {
  return reason === null ? '' : ` (skipped: ${reason})`;
}
