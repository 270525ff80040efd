// An area that takes a drop of files for itself (a review's documents) instead of the window's
// "drop to open": it shows where the files will go while they are dragged over it.
import { useState, type ReactNode } from 'react';

const hasFiles = (e: React.DragEvent) => e.dataTransfer.types.includes('Files');

export function FilesDrop(props: {
  onFiles: (files: File[]) => void;
  /** Shown over the area while files are dragged onto it. */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`files-drop${over ? ' files-drop-over' : ''}${props.className ? ` ${props.className}` : ''}`}
      // The window's drop zone leaves drags over this area alone (drop-zone.tsx).
      data-files-drop=""
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        // Not opened a second time by the window's drop zone.
        e.stopPropagation();
        setOver(false);
        const files = [...e.dataTransfer.files];
        if (files.length > 0) props.onFiles(files);
      }}
    >
      {props.children}
      {over ? (
        <div className="files-drop-label" aria-hidden="true">
          {props.label}
        </div>
      ) : null}
    </div>
  );
}
