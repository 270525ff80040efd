// What makes a file a GGUF model: the magic "GGUF" and a format version llama.cpp reads. Checked
// on files added from disk and on the first bytes of a download (a login page or an HTML error
// served with status 200 is caught after 8 bytes, not after 5 GB).
import { CoreError } from '../errors.ts';
import { openUserFile } from '../user-file.ts';

/** "GGUF" in ASCII, the first four bytes of every GGUF file. */
const MAGIC = [0x47, 0x47, 0x55, 0x46];
/** Version 1 (2023's first draft) is refused by current llama.cpp; 2 and 3 load. */
const VERSIONS = new Set([2, 3]);
/** Bytes the check needs: the magic and the little-endian uint32 version. */
export const GGUF_HEAD_BYTES = 8;

/** Why `head` is not a loadable GGUF file, or null when it is one. `head` holds at least 8 bytes. */
export function ggufProblem(head: Uint8Array): string | null {
  if (head.length < GGUF_HEAD_BYTES || MAGIC.some((b, i) => head[i] !== b)) {
    const text = new TextDecoder().decode(head.subarray(0, 64)).trimStart().toLowerCase();
    const looks = text.startsWith('<') ? ' (it looks like a web page)' : '';
    return `it does not start with the GGUF signature${looks}`;
  }
  const version = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(4, true);
  if (!VERSIONS.has(version))
    return `its GGUF version ${version} is not one llama.cpp reads (2 or 3)`;
  return null;
}

/**
 * Checks that `file` exists and is a GGUF model by its first bytes; returns its size. Throws
 * CoreError: NotFound (missing or unreadable), Unsupported (not GGUF, or a version llama.cpp
 * does not read).
 */
export async function checkGgufFile(file: string): Promise<number> {
  const { handle, stat } = await openUserFile(file, {
    noun: 'model file',
    missingHint: 'Check the path, or pick a model from the catalogue (docs/models.md).',
    notFileHint: 'Choose a .gguf model file.',
  });
  try {
    const head = new Uint8Array(GGUF_HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, GGUF_HEAD_BYTES, 0);
    const problem = ggufProblem(head.subarray(0, bytesRead));
    if (problem !== null) throw notGguf(file, problem);
    return stat.size;
  } finally {
    await handle.close();
  }
}

/** The one sentence for a file that is not a GGUF model (`name`: its path, or a download's name). */
export function notGguf(name: string, problem: string): CoreError {
  return new CoreError('Unsupported', `${name} is not a GGUF model file: ${problem}.`, {
    hint: "The built-in model reads GGUF files (llama.cpp's format); convert other formats with llama.cpp's convert_hf_to_gguf.py, or pick a .gguf file from the model's Hugging Face page.",
  });
}
