// `memagent --version`: the package's version, read from the package.json beside the sources
// (the checkout, or the installed package the `memagent` command points at).
import { readFileSync } from 'node:fs';

/** The version of this MemAgent Desktop, as its package.json names it. */
export function cliVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
