// The chunk boundaries in the rendered document (DOCX, EPUB, HTML): a slot is placed once per
// document and run at the block where each chunk starts (found by the blocks' text offsets in
// one pass, chunk-anchors.ts), and the same marker the text view draws is rendered into it.
import { useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { ChunkInfo } from '../../../../shared/model.ts';
import { chunkAnchors } from '../../lib/chunk-anchors.ts';
import { CHUNK_SLOT } from '../../lib/passage-marks.ts';
import { ChunkMarker } from './chunk-marker.tsx';

/** Elements a `<div>` may not stand beside: the slot goes first inside them instead. */
const INSIDE = new Set(['LI', 'DT', 'DD']);

type Slot = { chunk: ChunkInfo; slot: HTMLElement };
/** One empty list, so a document shown without chunks does not render again for nothing. */
const NO_SLOTS: Slot[] = [];

/**
 * Places `slot` at `block` (null: the end of the document). Not inside a table, whose rows
 * cannot take it: before the table.
 */
function place(root: HTMLElement, slot: HTMLElement, block: HTMLElement | undefined): void {
  if (!block) root.append(slot);
  else if (block.closest('table')) block.closest('table')!.before(slot);
  else if (INSIDE.has(block.tagName)) block.prepend(slot);
  else block.before(slot);
}

/**
 * The chunk markers of `chunks` in the rendering under `root`, drawn again when the document
 * shown (`shown`, its HTML) or the chunks change.
 */
export function useRenderedChunkMarkers(
  root: RefObject<HTMLElement | null>,
  shown: string | null,
  chunks: readonly ChunkInfo[],
): ReactNode {
  const [slots, setSlots] = useState<Slot[]>(NO_SLOTS);
  useLayoutEffect(() => {
    const el = root.current;
    if (!el || shown === null || chunks.length === 0) {
      setSlots(NO_SLOTS);
      return;
    }
    const blocks = Array.from(el.querySelectorAll<HTMLElement>('[data-start]'));
    const spans = blocks.map((b) => ({
      start: Number(b.dataset.start),
      end: Number(b.dataset.end),
    }));
    const anchors = chunkAnchors(
      spans,
      chunks.map((c) => c.start),
    );
    const made = chunks.map((chunk, i): Slot => {
      const slot = el.ownerDocument.createElement('div');
      slot.className = CHUNK_SLOT;
      const at = anchors[i];
      place(el, slot, at === null || at === undefined ? undefined : blocks[at]);
      return { chunk, slot };
    });
    setSlots(made);
    return () => {
      for (const { slot } of made) slot.remove();
    };
  }, [root, shown, chunks]);
  return slots.map(({ chunk, slot }) =>
    createPortal(<ChunkMarker chunk={chunk} />, slot, String(chunk.index)),
  );
}
