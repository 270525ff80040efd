// Choosing a checklist of the library (a saved one or a template): the select and the chosen
// checklist's questions, for the New review form and "Add questions…" on a review.
import { useEffect, useState } from 'react';
import { plural } from '../../../../shared/plural.ts';
import type { ReviewQuestion } from '../../../../shared/review.ts';
import type { Checklist } from '../../../../shared/review-setup.ts';
import { call } from '../../api.ts';
import { bridge } from '../../stores/bridge.ts';
import { loadChecklists, useChecklistsStore } from '../../stores/checklists-store.ts';
import type { ChecklistChoice } from '../../stores/review-setup-store.ts';

export interface ChosenChecklist {
  name: string;
  questions: ReviewQuestion[];
  id?: string;
}

/** The chosen checklist's name and questions, once known. */
export function useChecklistQuestions(choice: ChecklistChoice): ChosenChecklist | null {
  const templates = useChecklistsStore((s) => s.templates);
  const [saved, setSaved] = useState<Checklist | null>(null);
  useEffect(() => {
    if (choice?.kind !== 'saved') return;
    let current = true;
    void call(bridge(), 'checklists:get', { checklistId: choice.id }).then((result) => {
      if (current && result.ok) setSaved(result.value);
    });
    return () => {
      current = false;
    };
  }, [choice]);
  if (choice === null) return null;
  if (choice.kind === 'template') {
    const t = templates.find((x) => x.id === choice.id);
    return t ? { name: t.name, questions: t.questions } : null;
  }
  return saved?.id === choice.id ? saved : null;
}

/** The library's checklists and the templates, as one select. */
export function ChecklistSelect(props: {
  value: ChecklistChoice;
  onChange: (choice: ChecklistChoice) => void;
  label?: string;
}) {
  const checklists = useChecklistsStore((s) => s.list);
  const templates = useChecklistsStore((s) => s.templates);
  useEffect(() => void loadChecklists(), []);
  const { value } = props;
  return (
    <select
      aria-label={props.label ?? 'Checklist'}
      value={value === null ? '' : `${value.kind}:${value.id}`}
      onChange={(e) => {
        const [kind, ...rest] = e.target.value.split(':');
        props.onChange(
          kind === 'saved' || kind === 'template' ? { kind, id: rest.join(':') } : null,
        );
      }}
    >
      <option value="">Choose a checklist…</option>
      {checklists.length > 0 ? (
        <optgroup label="Your checklists">
          {checklists.map((c) => (
            <option key={c.id} value={`saved:${c.id}`}>
              {c.name} ({plural(c.questionCount, 'question')})
            </option>
          ))}
        </optgroup>
      ) : null}
      <optgroup label="Templates">
        {templates.map((t) => (
          <option key={t.id} value={`template:${t.id}`}>
            {t.name} ({plural(t.questions.length, 'question')})
          </option>
        ))}
      </optgroup>
    </select>
  );
}
