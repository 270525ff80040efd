// "Install Command Line Tool", as VS Code installs `code`: a small shell launcher named
// `memagent` that starts the app's own runtime on the CLI, so the command needs no Node of its
// own and follows the app when it is updated in place.
import fs from 'node:fs';
import path from 'node:path';
import { LONG_JOB_V8_FLAGS } from './v8-flags.ts';

/** What the launcher starts: the app's executable, as Node, on the CLI's entry file. */
export interface CommandTarget {
  /** The executable (the packaged app's, started with `ELECTRON_RUN_AS_NODE=1`; or a Node). */
  runtime: string;
  /** The CLI's entry file inside the app. */
  script: string;
  /** Set before starting `runtime` (`ELECTRON_RUN_AS_NODE=1` for Electron). */
  env?: Readonly<Record<string, string>>;
}

/** Where the command went, and whether a shell finds it there without more setup. */
export interface InstalledCommand {
  file: string;
  /** False: `dir` is not on PATH, and the user is told to add it. */
  onPath: boolean;
  /** macOS: the link in /usr/local/bin that needs an administrator's consent (the app asks). */
  linkRequest?: { link: string; target: string };
}

/** A word for sh, literally: single quotes, each `'` closed, escaped and reopened. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The launcher's text: one `exec`, with the V8 flags of a long job before the script. */
export function launcherScript(target: CommandTarget): string {
  const env = Object.entries(target.env ?? {}).map(([k, v]) => `${k}=${shellWord(v)} `);
  const flags = LONG_JOB_V8_FLAGS.join(' ');
  return `#!/bin/sh
# The memagent command line, installed by MemAgent Desktop. Installing it again rewrites it.
${env.join('')}exec ${shellWord(target.runtime)} ${flags} ${shellWord(target.script)} "$@"
`;
}

/**
 * Writes the `memagent` launcher for `target` into the user's own bin folder (`~/.local/bin`,
 * which systemd-based Linux systems and most shells' profiles put on PATH), replacing an earlier
 * one, and says whether PATH (`pathVar`) has that folder. On macOS, where that folder is rarely
 * on PATH, it also returns the /usr/local/bin link to request. Windows is not handled (its
 * installer puts the command on PATH). Throws the file system's error if the folder cannot be
 * written.
 */
export function installCommandLine(
  target: CommandTarget,
  where: { home: string; platform: NodeJS.Platform; pathVar: string | undefined },
): InstalledCommand {
  const dir = path.join(where.home, '.local', 'bin');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'memagent');
  // Written beside and renamed, so a shell running the old launcher never reads half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, launcherScript(target), { mode: 0o755 });
  fs.renameSync(temporary, file);
  const onPath = (where.pathVar ?? '')
    .split(path.delimiter)
    .some((entry) => entry !== '' && path.resolve(entry) === dir);
  const installed: InstalledCommand = { file, onPath };
  if (where.platform === 'darwin')
    installed.linkRequest = { link: '/usr/local/bin/memagent', target: file };
  return installed;
}
