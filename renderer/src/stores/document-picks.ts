// Many documents chosen at once for a review — in the Open dialog, as a folder, or dropped — each
// opened into the library as File › Open opens one (its progress, its password prompt, its
// result row in the Library), and the ids of those that opened handed back. One mechanism for
// the New review form and "Add documents…" on a review.
import { hasDocumentExtension } from '../../../shared/document-extensions.ts';
import type { AppError } from '../../../shared/model.ts';
import type { ChosenFolder } from '../../../shared/review-setup.ts';
import { plural } from '../../../shared/plural.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { openSource } from './documents-store.ts';

export interface Picked {
  /** Library ids of the documents that opened, in the order chosen (no repeats). */
  ids: string[];
  /** Files that did not open (their Library row says why: a password, a damaged file…). */
  failed: number;
  /** Files left out because the app does not read their kind. */
  skipped: number;
  /** Subfolders of a chosen folder not looked into. */
  subfolders: number;
  /** The folder chosen, by its name. */
  folder?: string;
  /** The dialog itself failed. */
  error?: AppError;
}

/** A pick of nothing (a cancelled dialog), to build others from. */
export const NOTHING_PICKED: Picked = { ids: [], failed: 0, skipped: 0, subfolders: 0 };
const NOTHING = NOTHING_PICKED;

const baseName = (file: string) => file.split(/[\\/]/).filter(Boolean).pop() ?? file;

async function openAll(sources: Parameters<typeof openSource>[0][], into: Picked): Promise<Picked> {
  const ids = new Set(into.ids);
  let failed = into.failed;
  for (const source of sources) {
    const info = await openSource(source, { select: false });
    if (info) ids.add(info.id);
    else failed += 1;
  }
  return { ...into, ids: [...ids], failed };
}

/** The Open dialog, several files allowed. */
export async function pickFiles(): Promise<Picked> {
  const chosen = await call(bridge(), 'documents:choose-paths', {});
  if (!chosen.ok) return { ...NOTHING, error: chosen.error };
  return openAll(
    chosen.value.map((path) => ({ kind: 'path' as const, path, name: baseName(path) })),
    NOTHING,
  );
}

/** The folder dialog: main lists the folder's documents, not its subfolders'; null if cancelled. */
export const chooseFolder = () => call(bridge(), 'documents:choose-folder', {});

/** The folder this window chose, listed again with or without its subfolders. */
export const listFolder = (folder: string, recursive: boolean) =>
  call(bridge(), 'documents:list-folder', { folder, recursive });

/** A listed folder's documents, each opened as File › Open opens it. */
export function pickListed(listed: ChosenFolder): Promise<Picked> {
  const { folder, files, skipped, subfolders } = listed;
  return openAll(
    files.map((path) => ({ kind: 'path' as const, path, name: baseName(path) })),
    { ...NOTHING, skipped, subfolders, folder: baseName(folder) },
  );
}

/** What a folder holds, in one line ("“contracts”: 12 documents; 2 files skipped: …"). */
export function folderNote(listed: ChosenFolder, recursive: boolean): string {
  const name = `“${baseName(listed.folder)}”${recursive ? ' with its subfolders' : ''}`;
  return `${name}: ${[plural(listed.files.length, 'document'), ...countParts(listed)].join('; ')}.`;
}

/** Files dropped: those of a kind the app reads (by their names, as a folder's are chosen). */
export async function pickDropped(files: readonly File[]): Promise<Picked> {
  const wanted = files.filter((f) => hasDocumentExtension(f.name));
  const sources = [];
  for (const file of wanted) {
    sources.push({
      kind: 'bytes' as const,
      name: file.name,
      data: new Uint8Array(await file.arrayBuffer()),
    });
  }
  return openAll(sources, { ...NOTHING, skipped: files.length - wanted.length });
}

/**
 * What a pick did, in one line ("Added 3 documents from “contracts”; 2 files skipped: not a kind
 * the app reads."), or null when the dialog was cancelled with nothing to say.
 */
export function pickedNote(p: Picked, verb = 'Chose'): string | null {
  if (p.error) return null;
  const parts: string[] = [];
  if (p.ids.length > 0 || p.folder !== undefined)
    parts.push(
      `${verb} ${plural(p.ids.length, 'document')}${p.folder !== undefined ? ` from “${p.folder}”` : ''}`,
    );
  parts.push(...countParts(p));
  return parts.length === 0 ? null : `${parts.join('; ')}.`;
}

/** What a pick or a listing left out, one part each. */
function countParts(p: { skipped: number; subfolders: number; failed?: number }): string[] {
  const parts: string[] = [];
  if (p.skipped > 0) parts.push(`${plural(p.skipped, 'file')} skipped: not a kind the app reads`);
  if (p.subfolders > 0) parts.push(`${plural(p.subfolders, 'subfolder')} not looked into`);
  if (p.failed !== undefined && p.failed > 0)
    parts.push(`${plural(p.failed, 'file')} did not open (the Library says why)`);
  return parts;
}
