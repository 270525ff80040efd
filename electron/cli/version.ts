// `memagent --version`: the package's version, read from the package.json two folders up, which is
// the checkout's or the packaged app's both from the sources (electron/cli/version.ts) and from the
// bundle (out/cli/memagent.js). A path, not `new URL(..., import.meta.url)`, which the build would
// copy into the bundle's assets as a file of its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version of this MemAgent Desktop, as its package.json names it. */
export function cliVersion(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const pkg = JSON.parse(readFileSync(path.join(here, '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
