// PDFium's WebAssembly, compiled once per process. Kept apart from the engine so the host (which
// only compiles it and hands it to its workers) does not load the engine's JavaScript.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A compiled PDFium module: what an engine is instantiated from. Workers can be sent one. */
export type PdfiumModule = object & { readonly compiledPdfium?: never };

// The parts of WebAssembly used here (the Node tsconfig has no WebAssembly types).
type Wasm = {
  compile(bytes: Uint8Array): Promise<PdfiumModule>;
  instantiate(module: PdfiumModule, imports: unknown): Promise<object>;
};
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

let compiled: Promise<PdfiumModule> | undefined;

/**
 * The package's `pdfium.wasm` (read from node_modules: no network), compiled once per thread and
 * kept. The host hands it to its PDF workers, so they do not each read and compile 4.6 MB, and
 * the code V8 optimises while one document is read stays for the next: a second document costs
 * about a fifth less CPU than the first.
 */
export function compilePdfium(): Promise<PdfiumModule> {
  compiled ??= wasm.compile(readFileSync(wasmPath())).catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

/** A fresh instance of `module` (one per engine). */
export function instantiatePdfium(module: PdfiumModule, imports: unknown): Promise<object> {
  return wasm.instantiate(module, imports);
}

function wasmPath(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@embedpdf/pdfium')), 'pdfium.wasm');
}
