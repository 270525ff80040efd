// What a stopped run offers: whether its question ever started reading, and what "Retry with…"
// will keep of it.
import type { BackendTestRecord } from '../../../shared/api.ts';
import type { RunSettings } from '../../../shared/model.ts';
import { chunksDone, type RunView } from '../../../shared/run-view.ts';

/**
 * For a question just asked: `started` once the model has read its first chunk (the question
 * box may be emptied), `failed` when the run ended before that (keep the text), else `waiting`.
 * Chunking alone is no start: a backend that is down fails at the first chunk.
 */
export function startOutcome(run: RunView | undefined): 'waiting' | 'started' | 'failed' {
  if (!run) return 'waiting';
  if (run.status === 'done' || chunksDone(run) > 0) return 'started';
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

/**
 * The backend "Retry with…" offers first: a run that failed on its backend most likely wants
 * another one, best one that answered its last test (the active one first), else the active
 * one, else any other; the run's own only when there is no other.
 */
export function retryBackend(
  profileIds: readonly string[],
  activeId: string | null,
  lastTests: Readonly<Record<string, BackendTestRecord>>,
  runProfileId: string | undefined,
): string {
  const others = profileIds.filter((id) => id !== runProfileId);
  const ordered =
    activeId !== null && others.includes(activeId)
      ? [activeId, ...others.filter((id) => id !== activeId)]
      : others;
  return ordered.find((id) => lastTests[id]?.ok) ?? ordered[0] ?? runProfileId ?? '';
}
