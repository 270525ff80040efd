// The text saved runs were read from, for `resume` of a run and of a job: only the very bytes
// their memories were read from will do.
import { DEFAULT_READING, type DocumentInfo, type DocumentText } from '../../shared/model.ts';
import { DEFAULT_MAX_BYTES } from '../core/documents/index.ts';
import { readInput } from '../core/documents/read-input.ts';
import { CoreError } from '../core/errors.ts';
import { sha256Hex } from '../core/hash.ts';
import type { CliContext } from './context.ts';
import { readDocument } from './reading.ts';
import type { ResumeOptions } from './resume-args.ts';
import type { CliLibrary } from './saved-runs.ts';

/** How the sentences name what is resumed: "run 1a2b3c4d" / "this job", and what to do instead. */
export interface SavedTextWords {
  who: string;
  /** e.g. "ask the question again as a new run". */
  instead: string;
}

/**
 * The text of `info` under `textKey`, read from `file`: the file must still hash to the
 * document's id; the text comes from the cache, else is read again as the runs read it.
 */
export async function savedText(
  library: CliLibrary,
  info: DocumentInfo,
  file: string,
  textKey: string,
  options: ResumeOptions,
  ctx: CliContext,
  words: SavedTextWords,
): Promise<DocumentText> {
  let input;
  try {
    input = await readInput({ path: file }, DEFAULT_MAX_BYTES);
  } catch (error) {
    throw new CoreError(
      'NotFound',
      `The document of ${words.who} is gone: ${file} cannot be read.`,
      {
        hint: `Put the file back at that path, or ${words.instead}.`,
        detail: error instanceof Error ? error.message : String(error),
      },
    );
  }
  if (sha256Hex(input.bytes) !== info.id) {
    throw new CoreError(
      'NotFound',
      `${file} has changed since ${words.who} read it: its saved memories do not fit the file any more.`,
      { hint: `Restore the original file, or ${words.instead}.` },
    );
  }
  const cached = await library.texts.get(textKey);
  if (cached !== undefined) return cached;
  // Not in the cache (cleared, another machine's library): read again as the runs read it.
  const reading = library.store.documents.readingFor(info.id, textKey) ?? DEFAULT_READING;
  const doc = await readDocument(
    { file, reading, ocrLanguageDir: options.ocrLanguageDir },
    ctx,
    input,
  );
  await library.texts.put(textKey, doc);
  return doc;
}
