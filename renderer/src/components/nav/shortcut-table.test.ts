import { describe, expect, it } from 'vitest';
import {
  FIND_CHORD,
  PAGE_VIEW_KEYS,
  SHORTCUTS,
  chordLabel,
  isChord,
  keysLabel,
  matchShortcut,
  pageViewAction,
  type KeyPress,
} from './shortcut-table.ts';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: true,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('the shortcut table', () => {
  it('gives every window shortcut its own chord and id', () => {
    const window = SHORTCUTS.flatMap((s) => (s.scope === 'window' ? [s] : []));
    const chords = window.map((s) => chordLabel(s.chord));
    expect(new Set(chords).size).toBe(chords.length);
    expect(new Set(window.map((s) => s.id)).size).toBe(window.length);
  });

  it('stays off the chords Chromium and Electron keep for themselves', () => {
    const reserved = [
      'Ctrl+C',
      'Ctrl+V',
      'Ctrl+X',
      'Ctrl+Z',
      'Ctrl+A',
      'Ctrl+P',
      'Ctrl+R',
      'Ctrl+W',
      'Ctrl+Q',
      'Ctrl+F',
      'Ctrl+Shift+I',
      'Ctrl+Shift+R',
      'Ctrl+E',
      'Ctrl+0',
      'Ctrl+M',
    ];
    for (const s of SHORTCUTS) {
      if (s.scope === 'window') expect(reserved).not.toContain(chordLabel(s.chord));
    }
  });

  it('finds the shortcut of a key press, as the handler does, for every window entry', () => {
    for (const s of SHORTCUTS) {
      if (s.scope !== 'window') continue;
      const key = s.chord.shift ? s.chord.key.toUpperCase() : s.chord.key;
      expect(matchShortcut(press(key, { shiftKey: !!s.chord.shift }))).toBe(s.id);
      expect(
        matchShortcut(press(key, { shiftKey: !!s.chord.shift, ctrlKey: false, metaKey: true })),
      ).toBe(s.id);
    }
  });

  it('ignores presses without Ctrl/Cmd, with Alt, or with the wrong Shift', () => {
    expect(matchShortcut(press('p', { ctrlKey: false }))).toBeUndefined();
    expect(matchShortcut(press('p'))).toBeUndefined(); // Ctrl+P stays print
    expect(matchShortcut(press('1', { altKey: true }))).toBeUndefined();
    expect(matchShortcut(press('?', { shiftKey: true }))).toBe('shortcuts');
  });

  it('labels keys for the sheet', () => {
    const pause = SHORTCUTS.find((s) => s.scope === 'window' && s.id === 'pause')!;
    expect(keysLabel(pause)).toBe('Ctrl+Shift+P');
    expect(keysLabel(pause, true)).toBe('⌘+Shift+P');
  });
});

describe('the keys handled where the focus is', () => {
  it('lists the find and page-view keys their handlers use', () => {
    const listed = SHORTCUTS.flatMap((s) => (s.scope === 'focus' ? [s.keys] : []));
    expect(listed).toContain(chordLabel(FIND_CHORD));
    expect(listed).toEqual(expect.arrayContaining(['Ctrl+F', '← →', '+ − 0']));
  });

  it('matches Ctrl+F for the find bar, not with Alt or Shift or without Ctrl', () => {
    expect(isChord(press('f'), FIND_CHORD)).toBe(true);
    expect(isChord(press('F', { ctrlKey: false, metaKey: true }), FIND_CHORD)).toBe(true);
    expect(isChord(press('f', { altKey: true }), FIND_CHORD)).toBe(false);
    expect(isChord(press('f', { ctrlKey: false }), FIND_CHORD)).toBe(false);
    expect(isChord(press('F', { shiftKey: true }), FIND_CHORD)).toBe(false);
  });

  it('maps the page-view keys to their actions', () => {
    expect(pageViewAction('ArrowLeft')).toBe('previousPage');
    expect(pageViewAction('ArrowRight')).toBe('nextPage');
    expect(pageViewAction('+')).toBe('zoomIn');
    expect(pageViewAction('=')).toBe('zoomIn');
    expect(pageViewAction('-')).toBe('zoomOut');
    expect(pageViewAction('0')).toBe('fitWidth');
    expect(pageViewAction('x')).toBeUndefined();
    for (const keys of Object.values(PAGE_VIEW_KEYS)) expect(keys.length).toBeGreaterThan(0);
  });
});
