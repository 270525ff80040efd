// What a stopped run offers: whether its question ever started reading, and what "Retry with…"
// will keep of it.
import type { RunSettings } from '../../../shared/model.ts';
import type { RunView } from '../../../shared/run-view.ts';

/**
 * For a question just asked: `started` once the run has chunked the document and begun reading
 * (the question box may be emptied), `failed` when it ended before that (keep the text),
 * `waiting` until then.
 */
export function startOutcome(
  run: Pick<RunView, 'status' | 'chunkCount'> | undefined,
): 'waiting' | 'started' | 'failed' {
  if (!run) return 'waiting';
  if (run.chunkCount > 0 && run.status !== 'queued') return 'started';
  if (run.status === 'error' || run.status === 'cancelled' || run.status === 'interrupted')
    return 'failed';
  return 'waiting';
}

/**
 * What retrying a stopped run that has read `done` chunks with `profileId` and `settings` does
 * to them, in one sentence for the Retry dialog (main decides for sure from the new chunking).
 */
export function retryNote(
  run: Pick<RunView, 'profileId' | 'settings'>,
  done: number,
  choice: { profileId: string; profileName: string; settings: RunSettings },
): string {
  if (done === 0)
    return `Nothing was read yet: reading starts at chunk 1 with ${choice.profileName}.`;
  const before = run.settings;
  const chunking =
    before !== null &&
    (before.chunkTokens !== choice.settings.chunkTokens ||
      before.tokenizer !== choice.settings.tokenizer);
  if (chunking)
    return `Another chunk size or tokenizer cuts the document differently: reading starts over at chunk 1, and the ${done} chunk(s) read are dropped.`;
  if (choice.profileId !== run.profileId)
    return `The ${done} chunk(s) already read are kept when ${choice.profileName} cuts the document the same way (same tokenizer); otherwise reading starts over at chunk 1 and the run says so.`;
  return `Reading goes on at chunk ${done + 1}; the ${done} chunk(s) read are kept.`;
}
