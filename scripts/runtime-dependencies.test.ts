// The packaged app loads the main process's bare imports from node_modules at run time, and
// electron-builder fills node_modules from `dependencies` only: a devDependency imported there
// works in development and fails in the installed app. This walks the same graph the build
// bundles into out/main (main.ts and core's worker scripts, through relative imports) and
// checks every package it reaches. Not covered, because Vite inlines them: the renderer
// (renderer/src, bundled into out/renderer, so React and zustand are devDependencies) and the
// preload (bundled into one file; scripts/build-electron.ts checks it requires only electron).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { mainBundleEntries } from './build-electron-urls.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** `import('x')`, `require('x')` or `createRequire(...)('x')`. */
function isLoadCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  return (
    callee.kind === ts.SyntaxKind.ImportKeyword ||
    (ts.isIdentifier(callee) && callee.text === 'require') ||
    (ts.isCallExpression(callee) &&
      ts.isIdentifier(callee.expression) &&
      callee.expression.text === 'createRequire')
  );
}

/** Module specifiers a file loads at run time: `import type` and `export type` are erased. */
function runtimeSpecifiers(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      isLoadCall(node) &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every package (by name) the files reachable from `entries` import, with one importer each. */
function packagesReached(entries: readonly string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeSpecifiers(file)) {
      if (specifier.startsWith('.')) {
        queue.push(path.resolve(path.dirname(file), specifier));
        continue;
      }
      const parts = specifier.split('/');
      const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
      if (!packages.has(name)) packages.set(name, path.relative(repoRoot, file));
    }
  }
  return packages;
}

const isBuiltin = (name: string): boolean =>
  name.startsWith('node:') || builtinModules.includes(name);

describe('runtime dependencies of the packaged main process', () => {
  const reached = packagesReached(Object.values(mainBundleEntries(repoRoot)));

  it('walks the real graph (main.ts reaches core, the store and the PDF worker)', () => {
    expect(reached.has('electron')).toBe(true);
    expect(reached.has('better-sqlite3')).toBe(true);
    expect(reached.has('@embedpdf/pdfium')).toBe(true);
  });

  it('imports only dependencies, Node built-ins and electron (which the runtime provides)', () => {
    const undeclared = [...reached]
      .filter(
        ([name]) => name !== 'electron' && !isBuiltin(name) && !(name in manifest.dependencies),
      )
      .map(([name, importer]) => `${name} (imported by ${importer})`);
    expect(undeclared).toEqual([]);
  });

  it('ships no dependency it never imports', () => {
    const unused = Object.keys(manifest.dependencies).filter((name) => !reached.has(name));
    expect(unused).toEqual([]);
  });
});
