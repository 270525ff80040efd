// The side navigation of Settings: one link per part, the part in view marked as current. A part
// the user went to stays marked until they scroll themselves (the last, short parts cannot reach
// the top of the window, so the scroll position alone would mark the one above).
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { SETTINGS_SECTIONS, type SettingsSection } from '../../stores/ui-store.ts';

/** The element id of a part of Settings (a deep link's target). */
export const partId = (section: SettingsSection): string => `settings-${section}`;

/** Scrolls part `section` to the top of the window and moves the focus there. */
export function showPart(section: SettingsSection): void {
  const part = document.getElementById(partId(section));
  if (!part) return;
  part.scrollIntoView({ block: 'start' });
  part.focus({ preventScroll: true });
}

/** The part in view as the user scrolls `body`'s scrolling ancestor, and a way to set it. */
export function useCurrentPart(
  body: RefObject<HTMLElement | null>,
): [SettingsSection, (section: SettingsSection) => void] {
  const [current, setCurrent] = useState<SettingsSection>('backends');
  const pinned = useRef(false);
  useEffect(() => {
    const root = body.current?.closest('.main');
    if (!(root instanceof HTMLElement)) return;
    const follow = () => {
      if (pinned.current) return;
      const box = root.getBoundingClientRect();
      const atEnd = root.scrollTop + root.clientHeight >= root.scrollHeight - 2;
      const line = atEnd ? box.bottom - 40 : box.top + Math.min(120, box.height / 3);
      let seen: SettingsSection = SETTINGS_SECTIONS[0].id;
      for (const { id } of SETTINGS_SECTIONS) {
        const part = document.getElementById(partId(id));
        if (part && part.getBoundingClientRect().top <= line) seen = id;
      }
      setCurrent(seen);
    };
    // The user's own scrolling ends a part chosen in the navigation.
    const unpin = () => {
      pinned.current = false;
    };
    root.addEventListener('scroll', follow, { passive: true });
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
      root.addEventListener(type, unpin, { passive: true });
    return () => {
      root.removeEventListener('scroll', follow);
      for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
        root.removeEventListener(type, unpin);
    };
  }, [body]);
  const choose = useCallback((section: SettingsSection) => {
    pinned.current = true;
    setCurrent(section);
  }, []);
  return [current, choose];
}

export function SettingsNav(props: {
  current: SettingsSection;
  onGo: (section: SettingsSection) => void;
}) {
  return (
    <nav className="settings-nav" aria-label="Settings sections">
      <ul>
        {SETTINGS_SECTIONS.map(({ id, label }) => (
          <li key={id}>
            <a
              href={`#${partId(id)}`}
              aria-current={props.current === id ? 'location' : undefined}
              onClick={(e) => {
                e.preventDefault();
                props.onGo(id);
              }}
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
