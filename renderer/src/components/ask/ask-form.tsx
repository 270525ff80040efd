// The question box and the settings of the next run.
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MAX_QUESTION_CHARS, type RunSettings } from '../../../../shared/model.ts';
import { changedFrom } from '../../lib/changed-settings.ts';
import { startOutcome } from '../../lib/run-outcome.ts';
import {
  chooseBackend,
  editQuestion,
  updateDraft,
  useAskDraft,
  useAskDraftStore,
} from '../../stores/ask-draft-store.ts';
import { dismissStartError, startRun, useRunsStore } from '../../stores/runs-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { GenericModelNote } from '../common/generic-model-note.tsx';
import { BackendSettingsGrid } from '../common/backend-settings-grid.tsx';
import { BackendStatus } from './backend-status.tsx';
import { tokensLine } from '../../lib/estimate-text.ts';
import { CostConfirmDialog, mustConfirmCost } from '../common/cost-confirm-dialog.tsx';
import { RunEstimateNote } from './run-estimate.tsx';
import { useRunEstimate } from './use-run-estimate.ts';

export function AskForm(props: { documentId: string }) {
  const { documentId } = props;
  const { profiles, activeProfileId, defaults, lastTests, costConfirmAbove } = useSettingsStore(
    useShallow((s) => s.settings),
  );
  const startError = useRunsStore((s) => s.startError);
  // The draft lives in a store per document: leaving the Ask screen keeps it.
  const draft = useAskDraft(documentId);
  const { question, profileId, overrides } = draft;
  const settings: RunSettings = { ...defaults, ...overrides };
  const [busy, setBusy] = useState(false);
  const chosenProfile = profiles.find((p) => p.id === (profileId || activeProfileId));
  const tooLong = question.trim().length > MAX_QUESTION_CHARS;
  const pending = useRunsStore((s) =>
    draft.pendingRunId === undefined ? undefined : s.byId[draft.pendingRunId],
  );
  const outcome = draft.pendingRunId === undefined ? null : startOutcome(pending);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const backendRef = useRef<HTMLSelectElement>(null);
  const questionRef = useRef<HTMLTextAreaElement>(null);

  // The box is emptied only once the question has started reading; a question that failed
  // before that keeps its text, with its error below.
  useEffect(() => {
    if (outcome !== 'started') return;
    const asked = pending?.question;
    updateDraft(documentId, {
      pendingRunId: undefined,
      ...(asked !== undefined && question.trim() === asked ? { question: '' } : {}),
    });
  }, [outcome, pending?.question, question, documentId]);

  // "Edit and ask again", "Ask again" and "Ask a related question" ask for the cursor here (a
  // related question's text selected, ready to be typed over).
  useEffect(() => {
    if (draft.focusSeq === 0) return;
    const box = questionRef.current;
    box?.focus();
    if (useAskDraftStore.getState().byDocument[documentId]?.selectText) box?.select();
  }, [draft.focusSeq, documentId]);
  const estimate = useRunEstimate({
    documentId,
    question,
    settings,
    profileId: chosenProfile?.id,
  });
  const [confirming, setConfirming] = useState(false);

  const submit = async (confirmed = false) => {
    const q = question.trim();
    if (!q || tooLong || busy) return;
    if (!confirmed && mustConfirmCost(chosenProfile, estimate, costConfirmAbove)) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    setBusy(true);
    const input = {
      documentId,
      question: q,
      settings,
      ...(chosenProfile ? { profileId: chosenProfile.id } : {}),
    };
    const runId = await startRun(input);
    setBusy(false);
    if (runId !== null) updateDraft(documentId, { pendingRunId: runId });
  };

  const chooseAnother = () => {
    if (detailsRef.current) detailsRef.current.open = true;
    backendRef.current?.focus();
  };

  return (
    <form
      className="ask-form"
      aria-label="Ask a question"
      // An out-of-range setting blocks the submit; inside closed "Run settings" the browser can
      // neither focus nor flag it, so Ask would seem to do nothing: open the settings first.
      onInvalidCapture={(e) => {
        const details = (e.target as HTMLElement).closest('details');
        if (details) details.open = true;
      }}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="question">Question</label>
      <textarea
        id="question"
        ref={questionRef}
        rows={3}
        value={question}
        placeholder="e.g. Under which conditions may the licence be terminated?"
        aria-invalid={tooLong}
        aria-describedby={tooLong ? 'question-too-long' : undefined}
        onChange={(e) => editQuestion(documentId, e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      {tooLong ? (
        <p id="question-too-long" className="error-text" role="alert">
          The question is {question.trim().length.toLocaleString('en')} characters long; a question
          can have at most {MAX_QUESTION_CHARS.toLocaleString('en')}. Put long material in a
          document and ask about it.
        </p>
      ) : null}
      <details className="run-settings" ref={detailsRef}>
        <summary>Run settings</summary>
        <BackendSettingsGrid
          profiles={profiles}
          profileId={profileId || activeProfileId || ''}
          onChooseBackend={(id) => chooseBackend(documentId, id)}
          settings={settings}
          onChangeSettings={(next) =>
            updateDraft(documentId, { overrides: changedFrom(defaults, next) })
          }
          backendRef={backendRef}
        />
      </details>
      {chosenProfile ? (
        <>
          <BackendStatus profile={chosenProfile} onChooseAnother={chooseAnother} />
          <GenericModelNote model={chosenProfile.model || lastTests[chosenProfile.id]?.model} />
        </>
      ) : (
        <p className="note">
          Set up a backend in{' '}
          <button
            type="button"
            className="link"
            onClick={() => useUiStore.getState().openSettings('backends')}
          >
            Settings › Backends
          </button>{' '}
          before asking.
        </p>
      )}
      <RunEstimateNote state={estimate} />
      <CostConfirmDialog
        open={confirming}
        state={estimate}
        limit={costConfirmAbove}
        backend={chosenProfile?.name ?? ''}
        title="This question may be expensive"
        what={() => 'this document'}
        tokens={tokensLine}
        confirmLabel="Ask anyway"
        onConfirm={() => void submit(true)}
        onClose={() => setConfirming(false)}
      />
      {startError ? <ErrorBanner error={startError} onDismiss={dismissStartError} /> : null}
      {outcome === 'failed' && pending?.error ? (
        <ErrorBanner
          error={{
            ...pending.error,
            message: `The question did not start: ${pending.error.message}`,
          }}
          onDismiss={() => updateDraft(documentId, { pendingRunId: undefined })}
        />
      ) : null}
      <button
        type="submit"
        className="primary"
        disabled={busy || tooLong || question.trim().length === 0}
      >
        Ask <kbd>Ctrl+Enter</kbd>
      </button>
    </form>
  );
}
