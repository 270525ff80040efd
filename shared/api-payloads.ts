// The payloads of the renderer–main contract (shared/api.ts) that are not model types: pages
// as pixels, text boxes, settings as the renderer sees them, connection tests.
import type { AppError, BackendProfile, DocumentInfo, DocumentText, RunSettings } from './model.ts';
import type { BackendTestRecord } from './schemas.ts';

/** Stated once as a zod schema (the store parses the kept tests with it). */
export type { BackendTestRecord } from './schemas.ts';

/** A PDF page as pixels (`documents:render-page`). */
export interface RenderedPage {
  page: number;
  width: number;
  height: number;
  /** width × height × 4 bytes, RGBA, rows top to bottom. */
  rgba: Uint8Array;
  /** The crop box drawn, in PDF points: x0, y0 (bottom left), x1, y1 (top right). */
  box: [number, number, number, number];
  scale: number;
  /**
   * The page's /Rotate in quarter turns clockwise (0-3): the pixels show the page turned, as
   * viewers do, while text rectangles stay in PDF user space (shared/page-frame.ts maps them).
   */
  rotation: number;
}

/** One line's box of a text span, in PDF points of its page (`documents:text-rects`). */
export interface TextRect {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** What a file dialog is for (`documents:choose-path`): it sets the dialog's title and filters. */
export type FilePurpose = 'document' | 'ocr-language' | 'session' | 'model' | 'checklist';

/** What importing a session export did (`sessions:import`); ids are run ids. */
export interface SessionImport {
  document: { id: string; title: string };
  /** The document was not in the library: it was added, without its text. */
  documentAdded: boolean;
  imported: string[];
  /** Runs the library had already, with the same content: not added twice. */
  already: string[];
  /** Ids the library has with other content: those runs were not imported (nothing overwritten). */
  conflicts: { runId: string; question: string }[];
}

/** The renderer-visible document: its text and location map, for the reader. */
export interface DocumentView {
  info: DocumentInfo;
  document: DocumentText;
}

export interface AppSettings {
  profiles: BackendProfile[];
  activeProfileId: string | null;
  defaults: RunSettings;
  /** The last connection test of each profile that has one, by profile id. */
  lastTests: Record<string, BackendTestRecord>;
  /** Ask before a run on a priced backend that may cost more than this (0: always ask). */
  costConfirmAbove: number;
  /**
   * Set when the library file was damaged at start: it was moved aside (the sentence says where)
   * and a new library begun. The window shows it until dismissed.
   */
  libraryNotice?: string;
}

export interface ConnectionTest {
  ok: boolean;
  models: string[];
  latencyMs: number;
  error?: AppError;
  /** The model a run with this profile would use (the profile's, else the server's first). */
  model?: string;
  /** True when `model` is not an RL-MemoryAgent model: expect lower accuracy (MEMAGENT.md). */
  genericModel?: boolean;
  /** How many servers answered, when the profile has more than one (each was tested). */
  servers?: number;
}
