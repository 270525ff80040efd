// A review's rows named as every list names documents (document-label.ts): by title, and where
// two documents of the review share one, with what tells them apart ("Lease (lease-a.pdf)").
// Computed once per matrix, so the table, its cell panel and every report name a row alike.
// Pure TypeScript: no Node, DOM or electron imports.
import { documentLabels } from './document-label.ts';
import type { ReviewDocument } from './review.ts';

const fileNameOf = (file: string | undefined) => file?.split(/[\\/]/).pop() ?? '';

/** A row's name: its label where the matrix has it, else its title. */
export const rowName = (d: ReviewDocument): string => d.label ?? d.title;

/** `documents` each with its `label`, in their order. */
export function labelReviewDocuments<D extends ReviewDocument>(
  documents: readonly D[],
): (D & { label: string })[] {
  const labels = documentLabels(
    documents.map((d) => ({
      id: d.id,
      title: d.title,
      fileName: fileNameOf(d.path),
      ...(d.path === undefined ? {} : { path: d.path }),
      ...(d.pageCount === undefined ? {} : { pageCount: d.pageCount }),
    })),
  );
  return documents.map((d) => ({ ...d, label: labels.get(d.id) ?? d.title }));
}
