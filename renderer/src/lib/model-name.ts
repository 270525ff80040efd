// What a model file is called where the app names it: the file's name without `.gguf`.

/** `…/Qwen2.5-7B-Instruct-Q4_K_M.gguf` → `Qwen2.5-7B-Instruct-Q4_K_M`. */
export const modelNameOf = (file: string): string =>
  (file.split(/[\\/]/).pop() ?? file).replace(/\.gguf$/i, '');
