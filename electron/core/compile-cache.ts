import module from 'node:module';

/**
 * Turns on Node's compile cache (in its default folder, or `NODE_COMPILE_CACHE`) for this
 * process and for the worker threads and child processes it starts, which read the folder from
 * the environment they are given. Run from source, every thread otherwise strips the types of
 * the modules it loads (Node's type stripper is itself a large module plus WebAssembly): about
 * 0.1 s of CPU for each PDF worker, most of a short document's extraction. The cache keeps the
 * stripped and compiled code on disk, checked against each file's contents.
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off.
 */
export function enableCompileCache(): void {
  const { directory } = module.enableCompileCache();
  if (directory !== undefined) process.env.NODE_COMPILE_CACHE = directory;
}
