// core's layers over the real sources: every folder placed, every import going down, no cycle
// between folders (what a per-import lint rule cannot see), and the lint rule wired and refusing.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import ts from 'typescript';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import {
  BASE,
  CORE_LAYERS,
  coreFolderOf,
  importProblem,
  isTestFile,
  layerOf,
  REPO_ROOT,
} from './core-layers.ts';
import { layersPlugin } from './core-layers-rule.ts';

const CORE = path.join(REPO_ROOT, 'electron', 'core');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(file);
    return /\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !isTestFile(file)
      ? [file]
      : [];
  });
}

/** Every relative module a file names: imports, re-exports, import(), and workers' URLs. */
function specifiers(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const named = ts.preProcessFile(text, true, true).importedFiles.map((entry) => entry.fileName);
  const workers = [...text.matchAll(/new URL\(\s*'([^']+)',\s*import\.meta\.url\s*\)/g)].map(
    (match) => match[1] ?? '',
  );
  return [...named, ...workers].filter((name) => name.startsWith('.'));
}

interface Edge {
  from: string;
  to: string;
  /** One import that makes the edge, as `file → module` (paths from electron/core). */
  example: string;
}

/** core's folder graph from its product sources (tests stand outside the layers). */
function folderGraph(): Edge[] {
  const edges = new Map<string, Edge>();
  for (const file of productFiles(CORE)) {
    for (const specifier of specifiers(file)) {
      const target = path.resolve(path.dirname(file), specifier);
      const from = coreFolderOf(file);
      const to = coreFolderOf(target);
      if (from === undefined || to === undefined || from === to) continue;
      const key = `${from} ${to}`;
      if (!edges.has(key))
        edges.set(key, {
          from,
          to,
          example: `${path.relative(CORE, file)} → ${path.relative(CORE, target)}`,
        });
    }
  }
  return [...edges.values()];
}

/** A cycle of folders as a list of edges, or undefined when the graph has none. */
function findCycle(edges: readonly Edge[]): Edge[] | undefined {
  const out = new Map<string, Edge[]>();
  for (const edge of edges) out.set(edge.from, [...(out.get(edge.from) ?? []), edge]);
  const state = new Map<string, 'open' | 'done'>();
  const trail: Edge[] = [];
  const visit = (folder: string): Edge[] | undefined => {
    state.set(folder, 'open');
    for (const edge of out.get(folder) ?? []) {
      if (state.get(edge.to) === 'open') {
        const start = trail.findIndex((step) => step.from === edge.to);
        return [...trail.slice(start < 0 ? trail.length : start), edge];
      }
      if (state.get(edge.to) === undefined) {
        trail.push(edge);
        const found = visit(edge.to);
        if (found) return found;
        trail.pop();
      }
    }
    state.set(folder, 'done');
    return undefined;
  };
  for (const folder of out.keys()) {
    if (state.get(folder) !== undefined) continue;
    const found = visit(folder);
    if (found) return found;
  }
  return undefined;
}

describe("core's layers", () => {
  it('place every folder of electron/core', () => {
    const folders = readdirSync(CORE, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => layerOf(folder) === undefined)).toEqual([]);
    expect(layerOf(BASE)).toBe(0);
    expect(new Set(CORE_LAYERS.flat()).size).toBe(CORE_LAYERS.flat().length);
  });

  it('hold for every import of the sources: each goes to a lower folder, or to shared/', () => {
    const climbing: string[] = [];
    for (const file of productFiles(CORE)) {
      for (const specifier of specifiers(file)) {
        const problem = importProblem(file, path.resolve(path.dirname(file), specifier));
        if (problem !== undefined) climbing.push(`${path.relative(REPO_ROOT, file)}: ${problem}`);
      }
    }
    expect(climbing).toEqual([]);
  });

  it('leave no cycle between folders', () => {
    const edges = folderGraph();
    // The graph is real: the lowest folders are imported, the top one imports most of core.
    expect(edges.some((edge) => edge.to === BASE)).toBe(true);
    expect(edges.filter((edge) => edge.from === 'ipc').length).toBeGreaterThan(5);
    const cycle = findCycle(edges);
    expect(cycle?.map((edge) => `${edge.from} → ${edge.to} (${edge.example})`)).toBeUndefined();
  });

  it('find a cycle when one is there', () => {
    const edge = (from: string, to: string): Edge => ({ from, to, example: '' });
    const cycle = findCycle([edge('agent', 'llm'), edge('llm', 'models'), edge('models', 'llm')]);
    expect(cycle?.map((step) => `${step.from}>${step.to}`)).toEqual(['llm>models', 'models>llm']);
    expect(findCycle([edge('agent', 'llm'), edge('llm', BASE)])).toBeUndefined();
  });
});

describe('the layer rule', () => {
  const linter = new Linter({ cwd: REPO_ROOT });
  const lint = (folder: string, code: string): string[] =>
    linter
      .verify(
        code,
        [
          {
            files: ['**/*.ts'],
            languageOptions: { parser: tseslint.parser as Linter.Parser },
            plugins: { layers: layersPlugin },
            rules: { 'layers/core-imports': 'error' },
          },
        ],
        path.join(CORE, folder, 'probe.ts'),
      )
      .map((message) => `${message.line}: ${message.message}`);

  it('refuses a climbing import however it is written, and allows lower folders and shared/', () => {
    const messages = lint(
      'llm',
      [
        "import type { Store } from '../store/store.ts';",
        "export { runMemAgent } from '../agent/run.ts';",
        "export * from '../jobs/job-registry.ts';",
        "const service = await import('../ipc/create-service.ts');",
        "type Report = typeof import('../eval/report.ts');",
        "const worker = new URL('../use-cases/worker.ts', import.meta.url);",
        "import { sha256Hex } from '../hash.ts';",
        "import { parseGguf } from '../models/gguf.ts';",
        "import { countTokens } from '../tokenize/index.ts';",
        "import type { RunSettings } from '../../../shared/model.ts';",
        "import { x } from './client.ts';",
      ].join('\n'),
    );
    expect(messages.map((message) => message.split(':')[0])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(messages[0]).toContain('llm/ may not import store/, which is above it');
    expect(lint('tokenize', "import { extract } from '../documents/index.ts';")).toEqual([
      expect.stringContaining('tokenize/ may not import documents/, which is beside it'),
    ]);
  });

  it('refuses a folder with no place, code outside core, and test code', () => {
    expect(lint('jobs', "import { y } from '../queues/y.ts';")).toEqual([
      expect.stringContaining('electron/core/queues/ has no place'),
    ]);
    expect(lint('ipc', "import { main } from '../../cli/main.ts';")).toEqual([
      '1: electron/core imports only core and shared/, not electron/cli/main.ts.',
    ]);
    expect(lint('ipc', "import { d } from '../agent/test-support.ts';")).toEqual([
      '1: Product code never imports test code (test-support.ts).',
    ]);
  });

  it("is on for core's product files in eslint.config.ts, with import('electron') refused", async () => {
    const eslint = new ESLint({ cwd: REPO_ROOT });
    const product = await eslint.calculateConfigForFile('electron/core/agent/run.ts');
    expect(product.rules['layers/core-imports']).toEqual([2]);
    const syntax = JSON.stringify(product.rules['no-restricted-syntax']);
    expect(syntax).toContain('ImportExpression[source.value=/^electron');
    const test = await eslint.calculateConfigForFile('electron/core/agent/run.test.ts');
    expect(test.rules['layers/core-imports']).toBeUndefined();
  });
});

describe("TypeScript's side of the boundary", () => {
  const resolveElectron = (config: string, from: string): string | undefined => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      path.join(REPO_ROOT, config),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
          throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
        },
      },
    );
    if (parsed === undefined) throw new Error(`${config} did not parse`);
    const resolved = ts.resolveModuleName(
      'electron',
      path.join(REPO_ROOT, from),
      parsed.options,
      ts.sys,
    ).resolvedModule?.resolvedFileName;
    return resolved === undefined ? undefined : path.relative(REPO_ROOT, resolved);
  };

  it("resolves `electron` in core and the CLI to a file that is not a module, so import('electron') fails to type-check", () => {
    const stub = 'electron/no-electron-outside-app.d.ts';
    expect(resolveElectron('tsconfig.node.json', 'electron/core/agent/run.ts')).toBe(stub);
    expect(resolveElectron('tsconfig.node.json', 'electron/cli/main.ts')).toBe(stub);
    const source = ts.createSourceFile(
      stub,
      readFileSync(path.join(REPO_ROOT, stub), 'utf8'),
      ts.ScriptTarget.ES2023,
    );
    // A file with no import or export is a script: importing it is error TS2306.
    expect(ts.isExternalModule(source)).toBe(false);
    // The Electron glue sees Electron's own types.
    expect(resolveElectron('tsconfig.app.json', 'electron/app/main.ts')).toMatch(
      /(^|\/)node_modules\/electron\/[^/]+\.d\.ts$/,
    );
  });
});
