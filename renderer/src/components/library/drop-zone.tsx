// Files dropped anywhere on the window are opened (session exports imported); an overlay shows
// while dragging, except over an area that takes the files for itself (files-drop.tsx).
import { useEffect, useState } from 'react';
import { openDropped } from '../../stores/session-import-store.ts';

export function DropZone() {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth += 1;
      setDragging(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      // An area that takes files for itself (common/files-drop.tsx) shows its own label.
      const own = e.target instanceof Element && e.target.closest('[data-files-drop]') !== null;
      setDragging(!own);
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const files = [...(e.dataTransfer?.files ?? [])];
      if (files.length > 0) void openDropped(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);
  return dragging ? (
    <div className="drop-overlay" aria-hidden="true">
      Drop to open
    </div>
  ) : null;
}
