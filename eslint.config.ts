import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './scripts/core-layers-rule.ts';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'worker_threads',
  'http',
  'https',
  'crypto',
  'stream',
  'url',
  'util',
  'events',
  'net',
  'zlib',
];

/** Node's globals, which do not exist in the sandboxed renderer (tsconfig.web.json has no Node types). */
const nodeGlobals = [
  'process',
  'Buffer',
  'global',
  '__dirname',
  '__filename',
  'require',
  'module',
  'exports',
  'setImmediate',
  'clearImmediate',
].map((name) => ({ name, message: 'The renderer has no Node: ask main through src/api.ts.' }));

/** Tests and the instruments they drive: the only code allowed to use the simulator. */
const testFiles = [
  '**/*.test.ts',
  '**/*.test-support.ts',
  '**/test-support.ts',
  'e2e/**',
  'bench/**',
  'sim/**',
];

/** Every way of reaching ipcMain/ipcRenderer: named import, member, destructuring, re-export. */
const ipc = '/^ipc(Main|Renderer)$/';
const ipcMessage =
  'Only electron/app/ipc-main.ts and electron/app/preload.ts may use ipcMain/ipcRenderer.';

/** Syntax refused in every process's code: the IPC objects outside their wrappers, and deferred transactions. */
const everywhereSyntax = [
  { selector: `ImportSpecifier[imported.name=${ipc}]`, message: ipcMessage },
  { selector: `ExportSpecifier[local.name=${ipc}]`, message: ipcMessage },
  { selector: `MemberExpression[property.name=${ipc}]`, message: ipcMessage },
  { selector: `MemberExpression[property.value=${ipc}]`, message: ipcMessage },
  { selector: `ObjectPattern > Property[key.name=${ipc}]`, message: ipcMessage },
  {
    selector: 'CallExpression[callee.property.name="transaction"]',
    message:
      'Use writeTransaction (electron/core/store/write-transaction.ts): a deferred transaction that reads then writes fails at once while another process writes.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      '.tsbuild/**',
      'out/**',
      'dist/**',
      'release/**',
      'coverage/**',
      'docs/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        // Type-aware rules: every file belongs to exactly one of these (see tsconfig.json).
        project: [
          './tsconfig.node.json',
          './tsconfig.app.json',
          './tsconfig.web.json',
          './tsconfig.e2e.json',
          './tsconfig.shared.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // A promise nobody awaits loses its rejection; write `void` (with a reason) when that is meant.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  // The installed command's launcher is plain JavaScript (any Node from 20 on starts it), in no
  // TypeScript project: linted without type information, with Node's globals.
  { files: ['bin/**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['bin/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  // The simulator is a test instrument: product code never imports it. A separate rule from the
  // boundary rules below (which each area configures with its own no-restricted-imports), so
  // the one override for tests can switch it off without repeating them.
  {
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sim/*'],
              message: 'sim/ is a test instrument: only tests, e2e and benchmarks may use it.',
            },
          ],
        },
      ],
    },
  },
  { files: testFiles, rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  // shared/: pure TypeScript, importable by both processes.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                ...nodeBuiltins,
                'electron',
                'react',
                'react-dom',
                '../electron/*',
                '../renderer/*',
              ],
              message: 'shared/ sees neither Node, DOM, electron nor either process.',
            },
          ],
        },
      ],
    },
  },
  // core: never imports electron, the app glue or the renderer.
  {
    files: ['electron/core/**/*.ts', 'electron/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', '**/app/*', '**/renderer/*'],
              message:
                'electron/core and the CLI run without Electron and never depend on the app glue or the renderer.',
            },
          ],
        },
      ],
    },
  },
  // Only the two IPC wrapper files touch ipcMain / ipcRenderer, however they are reached.
  {
    files: ['electron/**/*.ts', 'renderer/**/*.{ts,tsx}', 'shared/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['electron/app/ipc-main.ts', 'electron/app/preload.ts'],
    rules: { 'no-restricted-syntax': ['error', ...everywhereSyntax] },
  },
  // core and the CLI: no dynamic import() of electron, the app glue or the renderer either (the
  // import rule above sees only static imports). After the block above: this rule replaces its.
  {
    files: ['electron/core/**/*.ts', 'electron/cli/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...everywhereSyntax,
        {
          selector: 'ImportExpression[source.value=/^electron(\\/|$)|\\/(app|renderer)\\//]',
          message:
            'electron/core and the CLI run without Electron and never depend on the app glue or the renderer, dynamically neither.',
        },
        {
          selector: 'ImportExpression[source.type!="Literal"]',
          message:
            'electron/core and the CLI import only modules named literally, so the layer rules can see them.',
        },
      ],
    },
  },
  // core's layers (scripts/core-layers.ts): a folder imports only from the folders below it,
  // however it names them (static, re-export, import(), import types, a worker's URL). Tests and
  // their support stand outside the layers; product code never imports them.
  {
    files: ['electron/core/**/*.ts'],
    ignores: testFiles,
    plugins: { layers: layersPlugin },
    rules: { 'layers/core-imports': 'error' },
  },
  // renderer: talks to main only through src/api.ts; no Node (vite.config.ts is build tooling).
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...nodeBuiltins, 'electron', '**/electron/*'],
              message: 'The renderer sees only the typed API of shared/api.ts.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...nodeGlobals],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
