// The Checklists screen: the library's checklists (edit, duplicate, rename, delete with Undo,
// export), new ones (blank, imported from a file, or from a shipped template), and the way into
// a new review.
import { useEffect, useState } from 'react';
import { plural } from '../../../../shared/plural.ts';
import type { ChecklistTemplate } from '../../../../shared/review-setup.ts';
import {
  deleteChecklist,
  dismissChecklistError,
  duplicateChecklist,
  editChecklist,
  importChecklist,
  loadChecklists,
  newChecklist,
  renameChecklist,
  startFromTemplate,
  useChecklistsStore,
} from '../../stores/checklists-store.ts';
import { startNewReview } from '../../stores/review-setup-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { ChecklistEditor } from './checklist-editor.tsx';

export function ChecklistsScreen() {
  const { list, templates, loaded, draft, hidden, error, notice } = useChecklistsStore();
  useEffect(() => void loadChecklists(), []);
  const shown = list.filter((c) => !hidden.includes(c.id));
  return (
    <div className="screen checklists">
      <div className="screen-head">
        <h1>Checklists</h1>
        <div className="screen-actions">
          <button type="button" onClick={newChecklist}>
            New checklist
          </button>
          <button type="button" onClick={() => void importChecklist()}>
            Import a checklist…
          </button>
          <TemplatePicker templates={templates} onPick={(t) => void startFromTemplate(t)} />
          <button type="button" className="primary" onClick={() => startNewReview({})}>
            New review…
          </button>
        </div>
      </div>
      <p className="muted">
        A checklist is a list of questions asked of every document of a review. Import one from a
        text file (one question a line), CSV (<code>question,kind,guidance</code>), JSON or YAML.
      </p>
      {error ? <ErrorBanner error={error} onDismiss={dismissChecklistError} /> : null}
      <p className="status-line" role="status" aria-live="polite">
        {notice ?? ''}
      </p>
      <div className="checklists-body">
        <ul className="checklist-list" aria-label="Saved checklists">
          {loaded && shown.length === 0 ? <li className="muted">No checklists yet.</li> : null}
          {shown.map((c) => (
            <ChecklistItem
              key={c.id}
              id={c.id}
              name={c.name}
              count={c.questionCount}
              current={draft?.id === c.id}
            />
          ))}
        </ul>
        <section className="checklist-pane" aria-label="Edit checklist">
          {draft ? (
            <ChecklistEditor draft={draft} />
          ) : (
            <EmptyState title="No checklist open">
              <p>Choose a checklist on the left, or start a new one from a template.</p>
            </EmptyState>
          )}
        </section>
      </div>
    </div>
  );
}

function TemplatePicker(props: {
  templates: ChecklistTemplate[];
  onPick: (t: ChecklistTemplate) => void;
}) {
  return (
    <select
      aria-label="Start from a template"
      value=""
      onChange={(e) => {
        const t = props.templates.find((x) => x.id === e.target.value);
        if (t) props.onPick(t);
      }}
    >
      <option value="">Start from a template…</option>
      {props.templates.map((t) => (
        <option key={t.id} value={t.id}>
          {t.name} ({plural(t.questions.length, 'question')})
        </option>
      ))}
    </select>
  );
}

function ChecklistItem(props: { id: string; name: string; count: number; current: boolean }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  return (
    <li
      className="checklist-item"
      aria-label={`Checklist ${props.name}`}
      aria-current={props.current ? 'true' : undefined}
    >
      {renaming === null ? (
        <button
          type="button"
          className="link checklist-open"
          onClick={() => void editChecklist(props.id)}
        >
          <OutsideText text={props.name} />
          <span className="muted small">{plural(props.count, 'question')}</span>
        </button>
      ) : (
        <form
          className="rename-form"
          onSubmit={(e) => {
            e.preventDefault();
            void renameChecklist(props.id, renaming).then((ok) => ok && setRenaming(null));
          }}
        >
          <input
            aria-label="New name"
            value={renaming}
            autoFocus
            required
            onChange={(e) => setRenaming(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
          />
          <button type="submit">Rename</button>
        </form>
      )}
      <span className="checklist-item-buttons">
        <button type="button" onClick={() => setRenaming(props.name)}>
          Rename
        </button>
        <button type="button" onClick={() => void duplicateChecklist(props.id)}>
          Duplicate
        </button>
        <button type="button" onClick={() => deleteChecklist(props.id)}>
          Delete
        </button>
      </span>
    </li>
  );
}
