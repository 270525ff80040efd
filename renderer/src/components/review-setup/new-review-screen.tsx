// New review: a checklist × documents from the library, a backend and run settings, the whole
// review's estimate, then Create (asking first above the cost limit). The review is stored and
// started in main; the window goes to it on the Reviews screen.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { documentLabels } from '../../../../shared/document-label.ts';
import type { RunSettings } from '../../../../shared/model.ts';
import { plural } from '../../../../shared/plural.ts';
import { changedFrom } from '../../lib/changed-settings.ts';
import { useDocumentsStore } from '../../stores/documents-store.ts';
import {
  addDroppedToReview,
  addFilesToReview,
  changeReviewSettings,
  chooseChecklist,
  choosePicked,
  createReview,
  dismissReviewSetupError,
  setReviewDocuments,
  toggleDocument,
  useReviewSetupStore,
} from '../../stores/review-setup-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { FilesDrop } from '../common/files-drop.tsx';
import { FolderPreview, useFolderChoice } from '../common/folder-choice.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { BackendSettingsGrid } from '../common/backend-settings-grid.tsx';
import { BackendStatus } from '../ask/backend-status.tsx';
import { cellsLine, reviewTokensLine } from '../../lib/review-estimate-text.ts';
import { CostConfirmDialog, mustConfirmCost } from '../common/cost-confirm-dialog.tsx';
import { ChecklistSelect, useChecklistQuestions } from './checklist-choice.tsx';
import { ONE_READ_PER_QUESTION, ReviewEstimateNote } from './review-estimate-note.tsx';
import { useReviewEstimate } from './use-review-estimate.ts';

export function NewReviewScreen() {
  const { profiles, activeProfileId, defaults, costConfirmAbove } = useSettingsStore(
    useShallow((s) => s.settings),
  );
  const { checklist, documentIds, profileId, overrides, busy, error, note } = useReviewSetupStore();
  const documents = useDocumentsStore((s) => s.list);
  // Two documents of one title told apart, as every document list does.
  const labels = useMemo(() => documentLabels(documents), [documents]);
  const setScreen = useUiStore((s) => s.setScreen);
  const chosen = useChecklistQuestions(checklist);
  const settings: RunSettings = { ...defaults, ...overrides };
  const profile = profiles.find((p) => p.id === (profileId || activeProfileId));
  // Documents the library no longer has are dropped from the choice.
  const chosenIds = documentIds.filter((id) => documents.some((d) => d.id === id));
  const estimate = useReviewEstimate({
    documentIds: chosenIds,
    questions: chosen?.questions ?? null,
    settings,
    profileId: profile?.id,
  });
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const folder = useFolderChoice((pick) => void choosePicked(pick));
  useEffect(() => headingRef.current?.focus(), []);

  const ready = chosen !== null && chosenIds.length > 0 && profile !== undefined;
  const submit = async (confirmed = false) => {
    if (!ready || busy) return;
    if (!confirmed && mustConfirmCost(profile, estimate, costConfirmAbove)) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    await createReview({
      checklist: {
        name: chosen.name,
        questions: chosen.questions,
        ...(chosen.id !== undefined ? { id: chosen.id } : {}),
      },
      settings,
      profileId: profile.id,
    });
  };

  return (
    <form
      className="screen new-review"
      aria-label="New review"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="screen-head">
        <h1 tabIndex={-1} ref={headingRef}>
          New review
        </h1>
        <button type="button" onClick={() => setScreen('checklists')}>
          Back to checklists
        </button>
      </div>
      <p className="muted">
        Every question of the checklist is asked of every document, each read in full.
      </p>

      <fieldset className="setup-step">
        <legend>1. Checklist</legend>
        <ChecklistSelect value={checklist} onChange={chooseChecklist} />
        {chosen ? (
          <ol className="chosen-questions" aria-label="Questions of the review">
            {chosen.questions.map((q) => (
              <li key={q.id}>
                <OutsideText text={q.text} />
              </li>
            ))}
          </ol>
        ) : null}
      </fieldset>

      <fieldset className="setup-step">
        <legend>2. Documents</legend>
        <FilesDrop label="Drop to add to the review" onFiles={(f) => void addDroppedToReview(f)}>
          <div className="document-choice-actions">
            <button type="button" onClick={() => setReviewDocuments(documents.map((d) => d.id))}>
              Choose all
            </button>
            <button type="button" onClick={() => setReviewDocuments([])}>
              Choose none
            </button>
            <button type="button" onClick={() => void addFilesToReview()}>
              Add files…
            </button>
            <button type="button" ref={folder.buttonRef} onClick={() => void folder.choose()}>
              Add a folder…
            </button>
            <span className="muted">{plural(chosenIds.length, 'document')} chosen</span>
          </div>
          <FolderPreview choice={folder} />
          <p className="muted small" role="status">
            {note ?? 'Or drop files here.'}
          </p>
          {documents.length === 0 ? (
            <p className="muted">The library is empty: add files to review.</p>
          ) : (
            <ul className="document-choice" aria-label="Documents to review">
              {documents.map((d) => (
                <li key={d.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={chosenIds.includes(d.id)}
                      onChange={(e) => toggleDocument(d.id, e.target.checked)}
                    />
                    <OutsideText text={labels.get(d.id) ?? (d.title || d.fileName)} />
                    {d.pageCount ? (
                      <span className="muted small"> · {plural(d.pageCount, 'page')}</span>
                    ) : null}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </FilesDrop>
      </fieldset>

      <fieldset className="setup-step">
        <legend>3. Backend and run settings</legend>
        <BackendSettingsGrid
          profiles={profiles}
          profileId={profileId || activeProfileId || ''}
          onChooseBackend={(id) => changeReviewSettings({ profileId: id })}
          settings={settings}
          onChangeSettings={(next) =>
            changeReviewSettings({ overrides: changedFrom(defaults, next) })
          }
        />
        {profile ? (
          <BackendStatus profile={profile} onChooseAnother={() => undefined} />
        ) : (
          <p className="note">Set up a backend in Settings before starting a review.</p>
        )}
      </fieldset>

      <ReviewEstimateNote state={estimate} />
      <CostConfirmDialog
        open={confirming}
        state={estimate}
        limit={costConfirmAbove}
        backend={profile?.name ?? ''}
        title="This review may be expensive"
        what={cellsLine}
        tokens={reviewTokensLine}
        note={<p className="muted">{ONE_READ_PER_QUESTION}</p>}
        confirmLabel="Start anyway"
        onConfirm={() => void submit(true)}
        onClose={() => setConfirming(false)}
      />
      {error ? <ErrorBanner error={error} onDismiss={dismissReviewSetupError} /> : null}
      <div className="editor-buttons">
        <button type="submit" className="primary" disabled={!ready || busy}>
          {busy ? 'Starting…' : 'Create and start review'}
        </button>
        {!ready ? (
          <span className="muted">
            {chosen === null
              ? 'Choose a checklist.'
              : chosenIds.length === 0
                ? 'Choose at least one document.'
                : 'Set up a backend first.'}
          </span>
        ) : null}
      </div>
    </form>
  );
}
