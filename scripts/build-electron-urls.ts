// Makes `new URL('./relative', import.meta.url)` in core work after bundling. Under plain Node
// (CLI, tests) such URLs point at the source tree; in the bundle every module becomes
// out/main/main.js, so each one is rewritten to a file next to the bundle:
//   - `./x.ts` (a worker_threads script) becomes its own bundle entry `<folder>-<name>.js`;
//   - any other file (data, WASM, vocabularies) is copied to `assets/<folder>-<name>`.
// Pure string work here; build-electron.ts wires it into Vite as a plugin. See docs/electron.md.
import fs from 'node:fs';
import path from 'node:path';

/** `new URL('<literal>', import.meta.url)` with a relative literal (single, double or back quotes). */
const URL_PATTERN = /new\s+URL\(\s*(['"`])(\.{1,2}\/[^'"`$]+)\1\s*,\s*import\.meta\.url\s*\)/g;

export interface UrlReference {
  /** Absolute path of the referenced file. */
  file: string;
  kind: 'worker' | 'asset';
  /** Output path relative to the bundle folder. */
  outName: string;
}

/** A stable, collision-resistant output name: the parent folder's name plus the file's. */
export function outputName(file: string, kind: UrlReference['kind']): string {
  const folder = path.basename(path.dirname(file));
  if (kind === 'worker') return `${folder}-${path.basename(file).replace(/\.[cm]?ts$/, '')}.js`;
  return `assets/${folder}-${path.basename(file)}`;
}

/** Finds every relative `new URL(..., import.meta.url)` in `code` (a module at `moduleFile`). */
export function findUrlReferences(code: string, moduleFile: string): UrlReference[] {
  const refs: UrlReference[] = [];
  for (const match of code.matchAll(URL_PATTERN)) {
    const file = path.resolve(path.dirname(moduleFile), match[2] as string);
    const kind = /\.[cm]?ts$/.test(file) ? 'worker' : 'asset';
    refs.push({ file, kind, outName: outputName(file, kind) });
  }
  return refs;
}

/** Rewrites the references in `code` to point next to the bundle; returns null when there are none. */
export function rewriteUrlReferences(
  code: string,
  moduleFile: string,
): { code: string; refs: UrlReference[] } | null {
  const refs: UrlReference[] = [];
  const rewritten = code.replace(URL_PATTERN, (_whole, _quote: string, relative: string) => {
    const file = path.resolve(path.dirname(moduleFile), relative);
    const kind = /\.[cm]?ts$/.test(file) ? 'worker' : 'asset';
    const ref = { file, kind, outName: outputName(file, kind) } as const;
    refs.push(ref);
    return `new URL(${JSON.stringify(`./${ref.outName}`)}, import.meta.url)`;
  });
  return refs.length === 0 ? null : { code: rewritten, refs };
}

/** Lists source files (not tests) under `dir` whose text matches `pattern`. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.[cm]?ts$/.test(entry.name) && !/\.test\.[cm]?ts$/.test(entry.name)) out.push(full);
  }
  return out;
}

/**
 * The worker scripts referenced anywhere under `dirs`, as extra bundle entries keyed by output
 * name (without `.js`). Workers that reference further workers are followed.
 */
export function findWorkerEntries(dirs: readonly string[]): Record<string, string> {
  const entries: Record<string, string> = {};
  const queue = dirs.flatMap((dir) => (fs.existsSync(dir) ? sourceFiles(dir) : []));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const ref of findUrlReferences(fs.readFileSync(file, 'utf8'), file)) {
      if (ref.kind !== 'worker') continue;
      const name = ref.outName.replace(/\.js$/, '');
      const existing = entries[name];
      if (existing !== undefined && existing !== ref.file) {
        throw new Error(
          `Two worker scripts would both be bundled as ${ref.outName}: ${existing} and ${ref.file}. Rename one.`,
        );
      }
      entries[name] = ref.file;
      queue.push(ref.file);
    }
  }
  return entries;
}

/**
 * The entries of the main-process bundle (out/main): main.ts and every worker script core starts.
 * Their bare imports stay in node_modules, which the package fills from `dependencies` only.
 */
export function mainBundleEntries(repoRoot: string): Record<string, string> {
  return {
    main: path.join(repoRoot, 'electron/app/main.ts'),
    ...findWorkerEntries([path.join(repoRoot, 'electron/core')]),
  };
}

/**
 * The entries of the command line's bundle (out/cli): its entry, which points core at the copied
 * data files; `run`, the same command as a function the packaged app's command mode imports
 * (electron/app/cli-mode.ts; the two share every chunk); and the same worker scripts as main (the
 * CLI starts them too).
 */
export function cliBundleEntries(repoRoot: string): Record<string, string> {
  return {
    memagent: path.join(repoRoot, 'electron/cli/bundle-entry.ts'),
    run: path.join(repoRoot, 'electron/cli/bundle-run.ts'),
    ...findWorkerEntries([path.join(repoRoot, 'electron/core')]),
  };
}
