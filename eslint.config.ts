import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'coverage/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
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
              group: ['electron', '**/app/*', '**/renderer/*', '**/sim/*'],
              message:
                'electron/core and the CLI run without Electron and never depend on the app glue, the renderer or the test simulator.',
            },
          ],
        },
      ],
    },
  },
  // Only the two IPC wrapper files touch ipcMain / ipcRenderer.
  {
    files: ['electron/app/**/*.ts'],
    ignores: ['electron/app/ipc-main.ts', 'electron/app/preload.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportSpecifier[imported.name=/^ipc(Main|Renderer)$/]',
          message:
            'Only electron/app/ipc-main.ts and electron/app/preload.ts may use ipcMain/ipcRenderer.',
        },
      ],
    },
  },
  // renderer: talks to main only through src/api.ts; no Node.
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
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
    },
  },
);
