// The stamp of the command line's bundle (out/cli/stamp.json): every source file the bundle was
// built from, with its size and modification time. bin/memagent.js runs the bundle only while each
// of them is unchanged, so a checkout never runs code older than its sources (docs/cli.md).
import fs from 'node:fs';
import path from 'node:path';

/** The stamp's file name in the bundle's folder; bin/memagent.js reads the same name. */
export const CLI_STAMP_FILE = 'stamp.json';

/** What the stamp holds: repository-relative path (with `/`) → [size, mtimeMs]. */
export interface CliStamp {
  format: 1;
  files: Record<string, [number, number]>;
}

/** The stamp of `moduleIds` (the bundler's module ids; those outside our sources are left out). */
export function cliStamp(repoRoot: string, moduleIds: readonly string[]): CliStamp {
  const files: CliStamp['files'] = {};
  for (const id of moduleIds) {
    if (!path.isAbsolute(id) || id.includes(`${path.sep}node_modules${path.sep}`)) continue;
    const relative = path.relative(repoRoot, id);
    if (relative.startsWith('..')) continue;
    const stat = fs.statSync(id);
    files[relative.split(path.sep).join('/')] = [stat.size, stat.mtimeMs];
  }
  if (Object.keys(files).length === 0) throw new Error('The CLI bundle was built from no sources.');
  return { format: 1, files };
}

/** Writes the stamp of the bundle just built into `cliOut`. */
export function writeCliStamp(
  repoRoot: string,
  cliOut: string,
  moduleIds: readonly string[],
): void {
  const stamp = cliStamp(repoRoot, moduleIds);
  fs.writeFileSync(path.join(cliOut, CLI_STAMP_FILE), `${JSON.stringify(stamp)}\n`);
}
