// Secondary actions folded behind one button ("More", "Export…"), so a toolbar keeps to one
// row in a small window. A disclosure, not an ARIA menu: its content is ordinary buttons and
// text, reached with Tab. It closes on Escape (focus back on its button), on a click outside it
// and after one of its buttons is pressed; a dialog opened from it returns focus to its button.
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function MoreMenu(props: {
  /** The button's text. */
  label: string;
  /** Its accessible name, when the text alone says too little ("More actions for …"). */
  name?: string;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent): void => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  return (
    <details
      ref={root}
      className={`more-menu${props.className ? ` ${props.className}` : ''}`}
      open={open}
      onToggle={(e) => setOpen(e.currentTarget.open)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        root.current?.querySelector('summary')?.focus();
      }}
      onClick={(e) => {
        // A pressed action closes the menu, focus back on its button (where a dialog the
        // action opens returns it); clicks on text, inside a form field or on a button that cannot
        // act (aria-disabled, its reason shown beside it) do not.
        const pressed =
          e.target instanceof HTMLElement && e.target.closest('.more-menu-body button');
        if (pressed && pressed.getAttribute('aria-disabled') !== 'true') {
          setOpen(false);
          root.current?.querySelector('summary')?.focus();
        }
      }}
    >
      <summary aria-label={props.name}>{props.label}</summary>
      <div className="more-menu-body">{props.children}</div>
    </details>
  );
}
