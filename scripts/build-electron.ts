// Builds the desktop app into out/: the renderer (renderer/vite.config.ts), the main process with
// core and its worker scripts (ESM, dependencies left in node_modules), the preload (one
// CommonJS file, everything inlined but `electron`, as a sandboxed preload requires) and the
// `memagent` command line (out/cli: the installed command's code, docs/cli.md).
// Usage: npm run build [-- --only=renderer|main|preload|cli] [--out-dir=DIR]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import {
  cliBundleEntries,
  mainBundleEntries,
  rewriteUrlReferences,
} from './build-electron-urls.ts';
import { writeCliStamp } from './cli-build-stamp.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// `--out-dir=DIR` builds elsewhere (a test lays out a packaged app's folders in a temp dir).
const outDir = path.resolve(
  process.argv.find((arg) => arg.startsWith('--out-dir='))?.slice('--out-dir='.length) ??
    path.join(repoRoot, 'out'),
);

/** Rewrites `new URL('./x', import.meta.url)` to files next to the bundle and copies data files. */
function bundleUrlsPlugin(): Plugin {
  return {
    name: 'memagent-bundle-urls',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[cm]?ts$/.test(id)) return null;
      const result = rewriteUrlReferences(code, id);
      if (result === null) return null;
      for (const ref of result.refs) {
        if (ref.kind !== 'asset') continue;
        if (!fs.existsSync(ref.file))
          this.error(
            `${path.relative(repoRoot, id)} refers to ${path.relative(repoRoot, ref.file)}, which does not exist.`,
          );
        this.emitFile({ type: 'asset', fileName: ref.outName, source: fs.readFileSync(ref.file) });
      }
      return { code: result.code, map: null };
    },
  };
}

async function buildRenderer(): Promise<void> {
  await build({
    configFile: path.join(repoRoot, 'renderer/vite.config.ts'),
    logLevel: 'warn',
    mode: 'production',
  });
}

/**
 * Data folders core reads at run time by path, copied to out/assets/<name>; main.ts points core at
 * them (e.g. MEMAGENT_TOKENIZER_DIR), since paths relative to the sources do not survive bundling.
 */
const RUNTIME_ASSET_DIRS = ['tokenizers', 'haystack'];

function copyRuntimeAssets(): void {
  for (const name of RUNTIME_ASSET_DIRS) {
    const from = path.join(repoRoot, 'assets', name);
    const to = path.join(outDir, 'assets', name);
    fs.rmSync(to, { recursive: true, force: true });
    if (!fs.existsSync(from))
      throw new Error(`assets/${name} is missing: core needs it at run time.`);
    fs.cpSync(from, to, { recursive: true });
  }
}

async function buildMain(): Promise<void> {
  copyRuntimeAssets();
  await build({
    configFile: false,
    root: repoRoot,
    logLevel: 'warn',
    mode: 'production',
    plugins: [bundleUrlsPlugin()],
    // Dependencies stay in node_modules (electron-builder ships `dependencies`; native modules
    // such as better-sqlite3 cannot be bundled); only our own TypeScript is bundled.
    ssr: { target: 'node', noExternal: [] },
    build: {
      ssr: true,
      outDir: path.join(outDir, 'main'),
      emptyOutDir: true,
      target: 'node24',
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        input: mainBundleEntries(repoRoot),
        external: ['electron'],
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
}

/**
 * The command line's bundle: out/cli/memagent.js, the chunks it imports on demand and the worker
 * scripts core starts, all plain JavaScript, so nothing is type-stripped at start and a command
 * reads a few files where the sources are ~180 modules. Split, not one file: inlined into one
 * 1 MB file, `--version` compiled all of it (1.0 s of CPU against 0.04 s split; docs/benchmarks.md,
 * "First day (issue 25)"). Dependencies stay in node_modules as for main: the native ones
 * (better-sqlite3, node-llama-cpp) cannot be bundled, and each command imports what it needs when
 * it runs. The stamp lists the sources it was built from: bin/memagent.js runs the bundle only
 * while they are unchanged.
 */
async function buildCli(): Promise<void> {
  copyRuntimeAssets();
  const cliOut = path.join(outDir, 'cli');
  const result = await build({
    configFile: false,
    root: repoRoot,
    logLevel: 'warn',
    mode: 'production',
    plugins: [bundleUrlsPlugin()],
    ssr: { target: 'node', noExternal: [] },
    build: {
      ssr: true,
      outDir: cliOut,
      emptyOutDir: true,
      target: 'node24',
      minify: false,
      sourcemap: true,
      rolldownOptions: {
        input: cliBundleEntries(repoRoot),
        external: ['electron'],
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  });
  const sources = (Array.isArray(result) ? result : [result])
    .flatMap((r) => ('output' in r ? r.output : []))
    .flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : []));
  writeCliStamp(repoRoot, cliOut, sources);
}

async function buildPreload(): Promise<void> {
  const preloadOut = path.join(outDir, 'preload');
  await build({
    configFile: false,
    root: repoRoot,
    logLevel: 'warn',
    mode: 'production',
    ssr: { target: 'node', noExternal: true },
    build: {
      ssr: true,
      outDir: preloadOut,
      emptyOutDir: true,
      target: 'chrome140',
      minify: false,
      sourcemap: false,
      rolldownOptions: {
        input: { preload: path.join(repoRoot, 'electron/app/preload.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  });
  checkPreload(path.join(preloadOut, 'preload.cjs'));
}

/** A sandboxed preload can require only electron (and a few polyfilled modules): fail loudly here. */
function checkPreload(file: string): void {
  const code = fs.readFileSync(file, 'utf8');
  const required = [...code.matchAll(/\brequire\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
  const bad = required.filter((name) => name !== 'electron');
  if (bad.length > 0)
    throw new Error(
      `The preload bundle requires ${bad.join(', ')}: a sandboxed preload can only require 'electron'.`,
    );
  const others = fs.readdirSync(path.dirname(file)).filter((name) => name !== path.basename(file));
  if (others.length > 0)
    throw new Error(`The preload must be one file, but the build also wrote ${others.join(', ')}.`);
}

async function main(): Promise<void> {
  const only = process.argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const parts = { renderer: buildRenderer, main: buildMain, preload: buildPreload, cli: buildCli };
  const chosen = Object.keys(parts).filter(
    (name) => only === undefined || only.includes(name),
  ) as Array<keyof typeof parts>;
  if (chosen.length === 0) throw new Error(`--only takes renderer, main, preload and/or cli.`);
  const started = Date.now();
  for (const name of chosen) await parts[name]();
  console.log(
    `Built ${chosen.join(', ')} into ${path.relative(repoRoot, outDir) || '.'}/ in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

main().catch((error: unknown) => {
  console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
