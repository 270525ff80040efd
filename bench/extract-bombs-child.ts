// One extraction the way the app does it (bytes in hand, extractDocument in this process's
// worker threads), for bench/extract-bombs.ts. Args: <repo dir> <file>.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as Documents from '../electron/core/documents/index.ts';

const [repo = '.', file = ''] = process.argv.slice(2);
const { extractDocument } = (await import(
  pathToFileURL(join(repo, 'electron/core/documents/index.ts')).href
)) as typeof Documents;
try {
  const doc = await extractDocument({
    bytes: new Uint8Array(readFileSync(file)),
    name: basename(file),
  });
  console.log(`ok: ${doc.text.length} characters, ${doc.warnings.length} warning(s)`);
} catch (error) {
  const e = error as { kind?: string; message?: string };
  console.log(`${e.kind ?? 'error'}: ${e.message ?? String(error)}`);
  process.exitCode = 1;
}
