import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
/** Where `vite build --config renderer/vite.config.ts` writes the renderer. */
export const rendererDir = path.join(repoRoot, 'out/renderer');
