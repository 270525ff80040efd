// Evaluation sets made from the user's own documents (`memagent make-eval`): see
// docs/evaluation.md.
export { buildHaystack, MIN_HAYSTACK_TOKENS, type Haystack } from './haystack.ts';
export { buildRow, lengthTolerance, type EvalRow, type RowRequest } from './build-row.ts';
export {
  generateRows,
  refuseExisting,
  rowRequests,
  writeRows,
  type SetFormat,
  type SetPlan,
} from './make-set.ts';
export { TASK_FAMILIES, type TaskFamily } from './tasks.ts';
export { placeNeedles, nearestBoundary, isSentenceStart, type PlacedNeedle } from './placement.ts';
