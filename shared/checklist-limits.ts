// A checklist's bounds as plain numbers: the zod schema (shared/checklist.ts), the file readers
// (electron/core/checklists) and the renderer's editor read them here, the renderer without
// loading zod.

export const CHECKLIST_LIMITS = {
  /**
   * Questions in one checklist. Every question is a full read of every document (the MemAgent
   * memory is conditioned on its question), so 500 questions × 50 documents is already 25,000
   * runs; the real checklists this app ships have 8–15. A file of thousands of lines is a data
   * file opened by mistake, not a checklist, and is refused before any of it is kept.
   */
  questions: 500,
  /** A question's text: a sentence or two (it rides along in every prompt of every chunk). */
  questionChars: 1_000,
  /** A question's guidance: a short paragraph. */
  guidanceChars: 2_000,
  /** An expected value ("England", "12 months"). */
  expectedChars: 500,
  /** A checklist's name. */
  nameChars: 200,
  /** A question's or a checklist's id. */
  idChars: 100,
  /**
   * 2 MB: the largest checklist file read. 500 questions at their longest (1,000 + 2,000 + 500
   * characters, about 3.5 KB) are 1.75 MB; anything larger cannot be a valid checklist, so it is
   * refused before it is read (a 50 MB file is a mistake, not a checklist).
   */
  fileBytes: 2 * 1024 * 1024,
} as const;
