// "Install Command Line Tool", as VS Code installs `code`: a small shell launcher named
// `memagent` that starts the app's own executable in its command mode (`--memagent-cli`,
// electron/app/cli-mode.ts), so the command needs no Node of its own and follows the app when it
// is updated in place. The executable runs only its own built command line: the RunAsNode fuse
// stays off (docs/electron.md). On macOS a link in /usr/local/bin (on every shell's PATH there)
// points at the launcher, made with an administrator's consent where that folder is not the
// user's to write.
import fs from 'node:fs';
import path from 'node:path';
import { CLI_MODE_FLAG } from './command-mode.ts';
import { LONG_JOB_V8_FLAGS } from './v8-flags.ts';

/** What the launcher starts: a program and the words before the command's own arguments. */
export interface CommandTarget {
  /** The executable: the packaged app's (`appCommandTarget`), or a Node (`nodeCommandTarget`). */
  runtime: string;
  /** Its arguments before the ones typed after `memagent`. */
  args: readonly string[];
}

/**
 * The packaged app's executable as the command: its command mode, the V8 flags of a long job as
 * Chromium's `--js-flags` (the one way to give them to the main process, on its command line),
 * then `--`, after which Chromium reads no switches: a file named `--something` stays the
 * command's argument.
 */
export function appCommandTarget(executable: string): CommandTarget {
  return {
    runtime: executable,
    args: [CLI_MODE_FLAG, `--js-flags=${LONG_JOB_V8_FLAGS.join(' ')}`, '--'],
  };
}

/** A Node running the CLI's entry `script` (a checkout), with the V8 flags of a long job. */
export function nodeCommandTarget(node: string, script: string): CommandTarget {
  return { runtime: node, args: [...LONG_JOB_V8_FLAGS, script] };
}

/** Where the install happens and how it may ask for rights: injected, so it is testable anywhere. */
export interface InstallPlace {
  home: string;
  platform: NodeJS.Platform;
  /** The PATH a new terminal gets (on macOS the app's own is launchd's: add /etc/paths' lines). */
  pathVar: string | undefined;
  /** macOS: the folder of the command everyone's PATH has (default /usr/local/bin). */
  systemBin?: string;
  /**
   * macOS: runs `command` (sh) as administrator after asking the user (the app: osascript, see
   * `adminShellArgs`); false when the user declined.
   */
  runAsAdmin?: (command: string) => Promise<boolean>;
}

/** How the macOS link in the system folder came to be. */
export type LinkOutcome = 'already' | 'made' | 'made-as-administrator' | 'declined';

/** Where the command went, and whether a shell finds it there without more setup. */
export interface InstalledCommand {
  /** The launcher (always written, in the user's own ~/.local/bin). */
  file: string;
  /** The command a shell finds by name: the macOS link where it was made, else `file`. */
  command: string;
  /** False: `command`'s folder is not on PATH, and the user is told to add it (`addToPath`). */
  onPath: boolean;
  /** The folder to add to PATH when `onPath` is false. */
  addToPath?: string;
  /** macOS: the link in the system folder and how it was made (or declined). */
  link?: { path: string; outcome: LinkOutcome };
}

/** A word for sh, literally: single quotes, each `'` closed, escaped and reopened. */
function shellWord(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** The launcher's text: one `exec` of the target, every word quoted, then the typed arguments. */
export function launcherScript(target: CommandTarget): string {
  const words = [target.runtime, ...target.args].map(shellWord).join(' ');
  // INIT_CWD: an outer npm script's folder would win over the one the command is typed in.
  return `#!/bin/sh
# The memagent command line, installed by MemAgent Desktop. Installing it again rewrites it.
unset INIT_CWD
exec ${words} "$@"
`;
}

/** The sh command that makes `link` point at `target`, creating its folder: run as administrator. */
export function linkCommand(link: string, target: string): string {
  return `mkdir -p ${shellWord(path.dirname(link))} && ln -sf ${shellWord(target)} ${shellWord(link)}`;
}

/**
 * osascript's arguments that run `command` with administrator privileges, macOS asking for the
 * password in its own dialog. The command is an AppleScript string literal, where only `\` and
 * `"` need escaping; it reaches osascript as one argument, with no shell in between.
 */
export function adminShellArgs(command: string): string[] {
  const literal = command.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  return ['-e', `do shell script "${literal}" with administrator privileges`];
}

/** Whether `dir` is one of PATH's entries. */
function onPathVar(dir: string, pathVar: string | undefined): boolean {
  return (pathVar ?? '')
    .split(path.delimiter)
    .some((entry) => entry !== '' && path.resolve(entry) === path.resolve(dir));
}

/** Makes `link` point at `target` as this user; false where the folder is not ours to write. */
function linkDirectly(link: string, target: string): boolean {
  try {
    fs.mkdirSync(path.dirname(link), { recursive: true });
    // Beside and renamed, as the launcher: an existing link is replaced in one step.
    const temporary = `${link}.${process.pid}.tmp`;
    fs.rmSync(temporary, { force: true });
    fs.symlinkSync(target, temporary);
    fs.renameSync(temporary, link);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') return false;
    throw error;
  }
}

/** macOS: the link in the system folder to the launcher; asks for rights only when it must. */
async function linkInSystemBin(
  file: string,
  place: InstallPlace,
): Promise<NonNullable<InstalledCommand['link']>> {
  const link = path.join(place.systemBin ?? '/usr/local/bin', 'memagent');
  let current: string | undefined;
  try {
    current = fs.readlinkSync(link);
  } catch {
    current = undefined;
  }
  if (current === file) return { path: link, outcome: 'already' };
  if (linkDirectly(link, file)) return { path: link, outcome: 'made' };
  if (place.runAsAdmin === undefined) return { path: link, outcome: 'declined' };
  const done = await place.runAsAdmin(linkCommand(link, file));
  return { path: link, outcome: done ? 'made-as-administrator' : 'declined' };
}

/**
 * Writes the `memagent` launcher for `target` into the user's own bin folder (`~/.local/bin`,
 * which systemd-based Linux systems and most shells' profiles put on PATH), replacing an earlier
 * one. On macOS, where that folder is rarely on PATH, it also links `/usr/local/bin/memagent` to
 * it, as VS Code links `code`: directly where the user may write that folder, else through
 * `place.runAsAdmin` (the user may decline: the launcher stays, and the result says which folder
 * to add to PATH). Windows is not handled (its installer puts the command on PATH). Throws the
 * file system's error if the launcher cannot be written.
 */
export async function installCommandLine(
  target: CommandTarget,
  place: InstallPlace,
): Promise<InstalledCommand> {
  const dir = path.join(place.home, '.local', 'bin');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'memagent');
  // Written beside and renamed, so a shell running the old launcher never reads half a file.
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, launcherScript(target), { mode: 0o755 });
  fs.renameSync(temporary, file);
  const link = place.platform === 'darwin' ? await linkInSystemBin(file, place) : undefined;
  const command = link !== undefined && link.outcome !== 'declined' ? link.path : file;
  const onPath = onPathVar(path.dirname(command), place.pathVar);
  return {
    file,
    command,
    onPath,
    ...(onPath ? {} : { addToPath: path.dirname(command) }),
    ...(link === undefined ? {} : { link }),
  };
}

/** What the menu says after installing: one sentence, and what to do next. */
export function installedCommandMessage(installed: InstalledCommand): {
  message: string;
  detail: string;
} {
  const declined = installed.link?.outcome === 'declined';
  const message =
    installed.link !== undefined && !declined
      ? `The memagent command is installed: ${installed.link.path} runs ${installed.file}.`
      : `The memagent command is installed in ${installed.file}.`;
  const next = installed.onPath
    ? 'Type `memagent --help` in a new terminal.'
    : `Add ${installed.addToPath ?? path.dirname(installed.command)} to your PATH (for example, add \`export PATH="${installed.addToPath ?? path.dirname(installed.command)}:$PATH"\` to ~/.zshrc or ~/.bashrc), then type \`memagent --help\` in a new terminal.`;
  const why = declined
    ? `Without an administrator's consent the link ${installed.link?.path ?? ''} was not made. `
    : '';
  return { message, detail: `${why}${next}` };
}
