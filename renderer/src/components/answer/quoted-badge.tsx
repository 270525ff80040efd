// Marks a passage the model itself quoted (found word for word in its chunk): in the answer's
// evidence list and on the reader's chunk markers alike.
import type { Evidence } from '../../../../shared/model.ts';
import { quotedLabel } from '../../../../shared/quote-check.ts';

export function QuotedBadge(props: { by: Evidence['by'] }) {
  if (props.by === 'alignment') return null;
  const title = `Found word for word in the text: ${quotedLabel(props.by) ?? ''}.`;
  return (
    <span className="badge quoted" title={title} data-testid="quoted-badge">
      {props.by === 'both' ? 'quoted · confirmed' : 'quoted by the model'}
    </span>
  );
}
