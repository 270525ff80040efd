// What makes a file a GGUF model llama.cpp can be given: the magic "GGUF", a format version it
// reads, and a header whose counts and sizes hold together (gguf-header.ts, gguf-contents.ts).
// The magic is checked on the first bytes of a download (a login page or an HTML error served
// with status 200 is caught after 8 bytes, not after 5 GB); the whole header on files added from
// disk, on a finished download and before the model host loads a file.
import { open, type FileHandle } from 'node:fs/promises';
import { CoreError } from '../errors.ts';
import { openUserFile } from '../user-file.ts';
import { ggufContentProblem } from './gguf-contents.ts';
import { GgufFault, readGgufHeader } from './gguf-header.ts';

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
 * Checks that `file` exists and is a GGUF model llama.cpp can be given: its first bytes, then its
 * header (only the header is read: a few MB of a 5 GB file). Returns its size. Throws CoreError:
 * NotFound (missing or unreadable), Unsupported (not GGUF, a version or tensor type llama.cpp
 * does not read), Damaged (a header that does not hold together: "The model file X is damaged:
 * it declares 1,000,000,000 layers.").
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
    const fault = await headerFault(handle, stat.size);
    if (fault !== null) throw damagedGguf(`The model file ${file}`, fault);
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

/** The first thing wrong with the header of the GGUF file open as `handle`, or null. */
async function headerFault(handle: FileHandle, size: number): Promise<GgufFault | null> {
  try {
    const problem = ggufContentProblem(await readGgufHeader(handle, size), size);
    return problem === null ? null : new GgufFault(problem);
  } catch (error) {
    if (error instanceof GgufFault) return error;
    throw error;
  }
}

/**
 * The first thing wrong with the header of `file`, a GGUF file by its signature (a finished
 * download), or null when it holds together.
 */
export async function ggufFileFault(file: string): Promise<GgufFault | null> {
  const handle = await open(file, 'r');
  try {
    return await headerFault(handle, (await handle.stat()).size);
  } finally {
    await handle.close();
  }
}

/**
 * The one sentence for a GGUF file whose header does not hold together; `subject` names it
 * ("The model file /path/x.gguf"), `after` ends the sentence (", so it was removed").
 */
export function damagedGguf(subject: string, fault: GgufFault, after = ''): CoreError {
  if (fault.kind === 'Unsupported')
    return new CoreError('Unsupported', `${subject} cannot be loaded: ${fault.message}${after}.`, {
      hint: 'Update MemAgent, or choose a file made by an older llama.cpp or another quantization.',
    });
  return new CoreError('Damaged', `${subject} is damaged: ${fault.message}${after}.`, {
    hint: 'Download or convert the model file again, or choose another one.',
  });
}
