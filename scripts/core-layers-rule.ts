// The ESLint rule behind core's layers (core-layers.ts): every module a core file names by a
// relative path, however it names it, is resolved and checked against the order. Bare package
// names are left to the boundary rules in eslint.config.ts (electron, Node in the renderer).
import path from 'node:path';
import type { Rule } from 'eslint';
import { importProblem } from './core-layers.ts';

/** Node shapes this rule reads; typescript-eslint's TSImportType is not in ESTree's types. */
interface Named {
  type: string;
  value?: unknown;
  literal?: Named;
  argument?: Named;
}

const literalText = (node: Named | null | undefined): string | undefined =>
  node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;

export const coreLayersRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: "Refuses an import that climbs core's layers (scripts/core-layers.ts)." },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node: Rule.Node, specifier: string | undefined): void => {
      if (specifier === undefined || !specifier.startsWith('.')) return;
      const problem = importProblem(file, path.resolve(path.dirname(file), specifier));
      if (problem !== undefined) context.report({ node, message: problem });
    };
    return {
      ImportDeclaration: (node) => check(node, literalText(node.source)),
      ExportNamedDeclaration: (node) => check(node, literalText(node.source)),
      ExportAllDeclaration: (node) => check(node, literalText(node.source)),
      ImportExpression: (node) => check(node, literalText(node.source as Named)),
      // `typeof import('../store/store.ts')` and `import('../x.ts').T` in a type position.
      TSImportType: (node: Rule.Node) => {
        const argument = (node as unknown as Named).argument;
        check(node, literalText(argument?.literal ?? argument));
      },
      // A worker's entry: new Worker(new URL('./worker-entry.ts', import.meta.url)).
      NewExpression: (node) => {
        const [first, second] = node.arguments;
        const metaUrl =
          second?.type === 'MemberExpression' &&
          second.object.type === 'MetaProperty' &&
          second.property.type === 'Identifier' &&
          second.property.name === 'url';
        if (node.callee.type === 'Identifier' && node.callee.name === 'URL' && metaUrl)
          check(node, literalText(first as Named | undefined));
      },
    };
  },
};

/** The local plugin eslint.config.ts registers as `layers`. */
export const layersPlugin = { rules: { 'core-imports': coreLayersRule } };
