import fs from 'node:fs/promises';
import { CoreError } from '../../errors.ts';

const GGUF_MAGIC = 'GGUF';
const CONVERT_HINT =
  'Choose a .gguf model file, for example a Qwen2.5-Instruct GGUF or an RL-MemoryAgent model converted as docs/builtin-model.md shows.';

/**
 * Checks, before any process starts, that `file` exists and begins like a GGUF model: one
 * sentence naming the file otherwise. A file that is GGUF but truncated or damaged is caught by
 * the host when it loads (model-host.ts).
 */
export async function checkModelFile(file: string): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new CoreError('NotFound', `The model file ${file} does not exist.`, {
        hint: CONVERT_HINT,
      });
    throw new CoreError('BadUsage', `The model file ${file} cannot be read.`, {
      hint: 'Check that the file is readable by you.',
      detail: String(error),
    });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile())
      throw new CoreError('BadUsage', `${file} is not a file.`, { hint: CONVERT_HINT });
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    if (bytesRead < 4 || head.toString('latin1') !== GGUF_MAGIC)
      throw new CoreError('Unsupported', `${file} is not a GGUF model file.`, {
        hint: CONVERT_HINT,
      });
  } finally {
    await handle.close();
  }
}
