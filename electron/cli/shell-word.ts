// Quoting for the commands the CLI prints to be pasted back (`memagent resume …`), apart from
// saved-runs.ts so the argument parsers that need it do not open the library's SQLite module.

/** A word for a POSIX shell: quoted when it holds anything but safe characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
