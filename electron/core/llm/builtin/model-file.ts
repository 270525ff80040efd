import { checkGgufFile } from '../../models/gguf.ts';

/**
 * Checks, before any process starts, that `file` exists and is a GGUF model whose header holds
 * together (the models code's one check: magic, version, counts, vocabulary, layers, tensors
 * within the file), with one sentence naming the file otherwise. llama.cpp aborts its whole
 * process on some damaged headers; what the check cannot see is caught by the host when it
 * loads (model-host.ts), or by its connection when it dies loading (host-connection.ts).
 */
export async function checkModelFile(file: string): Promise<void> {
  await checkGgufFile(file);
}
