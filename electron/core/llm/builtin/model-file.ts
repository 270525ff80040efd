import { checkGgufFile } from '../../models/gguf.ts';

/**
 * Checks, before any process starts, that `file` exists and begins like a GGUF model (the models
 * code's one check: magic and version), with one sentence naming the file otherwise. A file that
 * is GGUF but truncated or damaged is caught by the host when it loads (model-host.ts).
 */
export async function checkModelFile(file: string): Promise<void> {
  await checkGgufFile(file);
}
