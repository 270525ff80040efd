// Every keyboard shortcut, once: the window's key handler (use-shortcuts.ts) acts on the
// `window` ones, the find bar and the page view read their keys from here, and the shortcut sheet
// lists them all, so the handlers and the sheet cannot drift apart.

/** Shortcuts the window's handler carries out. */
export type WindowShortcutId =
  | 'open'
  | 'library'
  | 'reader'
  | 'ask'
  | 'jobs'
  | 'reviews'
  | 'settings'
  | 'shortcuts'
  | 'pause'
  | 'cancel'
  | 'copy-answer';

export interface Chord {
  /** `KeyboardEvent.key`, lower case for letters. */
  key: string;
  shift?: boolean;
}

export type Shortcut =
  | { scope: 'window'; id: WindowShortcutId; chord: Chord; label: string; group: Group }
  /** Handled where the focus is (a field, a list, a dialog): listed, not dispatched here. */
  | { scope: 'focus'; keys: string; label: string; group: Group };

export type Group = 'Screens' | 'Questions' | 'Timeline' | 'Reader' | 'Review table' | 'Help';

/** Ctrl+F in the reader: to the find box (find-bar.tsx). */
export const FIND_CHORD: Chord = { key: 'f' };

/** The original page view's keys (pdf-page-view.tsx), with no modifier; the first is listed. */
export const PAGE_VIEW_KEYS = {
  previousPage: ['ArrowLeft'],
  nextPage: ['ArrowRight'],
  zoomIn: ['+', '='],
  zoomOut: ['-'],
  fitWidth: ['0'],
} as const satisfies Record<string, readonly string[]>;

export type PageViewAction = keyof typeof PAGE_VIEW_KEYS;

/** The page-view action of a key, if any. */
export function pageViewAction(key: string): PageViewAction | undefined {
  for (const [action, keys] of Object.entries(PAGE_VIEW_KEYS)) {
    if ((keys as readonly string[]).includes(key)) return action as PageViewAction;
  }
  return undefined;
}

const GLYPHS: Readonly<Record<string, string>> = { ArrowLeft: '←', ArrowRight: '→', '-': '−' };
/** The sheet's spelling of page-view keys: "← →". */
const listed = (...actions: PageViewAction[]) =>
  actions.map((a) => GLYPHS[PAGE_VIEW_KEYS[a][0]] ?? PAGE_VIEW_KEYS[a][0]).join(' ');

// Ctrl (Cmd on macOS) with Shift for run control: Ctrl+P prints and Ctrl+C copies a selection,
// while Electron binds no Ctrl+Shift+P/X/C (DevTools' inspect key works only inside DevTools).
export const SHORTCUTS: readonly Shortcut[] = [
  { scope: 'window', id: 'open', chord: { key: 'o' }, label: 'Open a document', group: 'Screens' },
  { scope: 'window', id: 'library', chord: { key: '1' }, label: 'Library', group: 'Screens' },
  { scope: 'window', id: 'reader', chord: { key: '2' }, label: 'Reader', group: 'Screens' },
  { scope: 'window', id: 'ask', chord: { key: '3' }, label: 'Ask', group: 'Screens' },
  { scope: 'window', id: 'jobs', chord: { key: '4' }, label: 'Jobs', group: 'Screens' },
  { scope: 'window', id: 'reviews', chord: { key: '5' }, label: 'Reviews', group: 'Screens' },
  { scope: 'window', id: 'settings', chord: { key: ',' }, label: 'Settings', group: 'Screens' },
  { scope: 'focus', keys: 'Ctrl+Enter', label: 'Ask (in the question box)', group: 'Questions' },
  {
    scope: 'focus',
    keys: 'Enter',
    label: 'Show a passage’s page beside the answer (on its marker)',
    group: 'Questions',
  },
  {
    scope: 'focus',
    keys: 'Escape',
    label: 'Close the source beside the answer',
    group: 'Questions',
  },
  {
    scope: 'window',
    id: 'pause',
    chord: { key: 'p', shift: true },
    label: 'Pause or resume the selected question',
    group: 'Questions',
  },
  {
    scope: 'window',
    id: 'cancel',
    chord: { key: 'x', shift: true },
    label: 'Cancel the selected question (asks first)',
    group: 'Questions',
  },
  {
    scope: 'window',
    id: 'copy-answer',
    chord: { key: 'c', shift: true },
    label: 'Copy the selected answer',
    group: 'Questions',
  },
  { scope: 'focus', keys: '↑ ↓', label: 'Previous or next chunk', group: 'Timeline' },
  { scope: 'focus', keys: 'Home End', label: 'First or last chunk', group: 'Timeline' },
  { scope: 'focus', keys: chordLabel(FIND_CHORD), label: 'Find in the document', group: 'Reader' },
  {
    scope: 'focus',
    keys: listed('previousPage', 'nextPage'),
    label: 'Previous or next page (original page)',
    group: 'Reader',
  },
  {
    scope: 'focus',
    keys: listed('zoomIn', 'zoomOut', 'fitWidth'),
    label: 'Zoom in, out, fit width (original page)',
    group: 'Reader',
  },
  { scope: 'focus', keys: '← → ↑ ↓', label: 'Move between cells', group: 'Review table' },
  { scope: 'focus', keys: 'Enter', label: 'Open the cell beside the table', group: 'Review table' },
  { scope: 'focus', keys: 'R', label: 'Read the cell again (asks first)', group: 'Review table' },
  { scope: 'focus', keys: 'Ctrl+C', label: 'Copy the cell’s answer', group: 'Review table' },
  { scope: 'focus', keys: 'Ctrl+E', label: 'Export the session (app menu)', group: 'Help' },
  {
    scope: 'window',
    id: 'shortcuts',
    chord: { key: '/' },
    label: 'Show these shortcuts',
    group: 'Help',
  },
  { scope: 'focus', keys: 'Escape', label: 'Close a dialog', group: 'Help' },
];

/** "Ctrl+Shift+P" (⌘ on macOS). */
export function chordLabel(chord: Chord, mac = false): string {
  const key = chord.key.length === 1 ? chord.key.toUpperCase() : chord.key;
  return `${mac ? '⌘' : 'Ctrl'}+${chord.shift ? 'Shift+' : ''}${key}`;
}

/** The keys of a shortcut as the sheet shows them. */
export function keysLabel(s: Shortcut, mac = false): string {
  return s.scope === 'window' ? chordLabel(s.chord, mac) : s.keys;
}

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** True when a key press is `chord`: Ctrl or Cmd held, no Alt, Shift as the chord says. */
export function isChord(e: KeyPress, chord: Chord): boolean {
  return (
    (e.ctrlKey || e.metaKey) &&
    !e.altKey &&
    e.key.toLowerCase() === chord.key &&
    !!chord.shift === e.shiftKey
  );
}

/** The window shortcut a key press means, if any (Ctrl or Cmd held, no Alt). */
export function matchShortcut(e: KeyPress): WindowShortcutId | undefined {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return undefined;
  // With Shift held, letters arrive upper case and some layouts send "?" for "/".
  const key = e.key === '?' ? '/' : e.key.toLowerCase();
  for (const s of SHORTCUTS) {
    if (s.scope !== 'window') continue;
    if (s.chord.key !== key) continue;
    // "/" is also "Shift+7" or "?" on other layouts: Shift does not matter for it.
    if (s.id === 'shortcuts' || !!s.chord.shift === e.shiftKey) return s.id;
  }
  return undefined;
}
