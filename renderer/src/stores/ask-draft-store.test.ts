import { beforeEach, describe, expect, it } from 'vitest';
import {
  chooseBackend,
  editQuestion,
  forgetPendingStarts,
  updateDraft,
  useAskDraftStore,
} from './ask-draft-store.ts';

const draft = (id: string) => useAskDraftStore.getState().byDocument[id];

beforeEach(() => {
  useAskDraftStore.setState({ byDocument: {} });
  updateDraft('a', { question: 'Who?', pendingRunId: 'run-a' });
  updateDraft('b', { question: 'When?', pendingRunId: 'run-b' });
});

describe('the draft forgets a failed start when what it spoke of changes', () => {
  it('on an edit of the question, for that document only', () => {
    editQuestion('a', 'Who, exactly?');
    expect(draft('a')).toMatchObject({ question: 'Who, exactly?' });
    expect(draft('a')?.pendingRunId).toBeUndefined();
    expect(draft('b')?.pendingRunId).toBe('run-b');
  });

  it('on another backend chosen for the document', () => {
    chooseBackend('b', 'lab');
    expect(draft('b')).toMatchObject({ profileId: 'lab', question: 'When?' });
    expect(draft('b')?.pendingRunId).toBeUndefined();
    expect(draft('a')?.pendingRunId).toBe('run-a');
  });

  it('on another active backend, for every document, keeping their text', () => {
    forgetPendingStarts();
    expect(draft('a')).toEqual({ question: 'Who?', profileId: '', overrides: {}, focusSeq: 0 });
    expect(draft('b')?.pendingRunId).toBeUndefined();
    const before = useAskDraftStore.getState();
    forgetPendingStarts();
    expect(useAskDraftStore.getState()).toBe(before);
  });
});
