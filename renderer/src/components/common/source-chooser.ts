// Who chooses what the page beside a view shows. The Ask screen's source panel and a review
// cell's panel each provide a chooser; the passages and chunk rows inside them (the answer's
// evidence, a memory state's sources, the timeline) choose through it instead of leaving for the
// Reader. Without a chooser (nothing is beside them) a passage opens the Reader as before.
import { createContext, useContext } from 'react';
import {
  passageTarget,
  sameTarget,
  type ShownSource,
  type SourceTarget,
} from '../../lib/source-target.ts';
import type { PassagePress, PassageSource } from './passage-item.tsx';

export interface SourceChooser {
  shown: ShownSource | null;
  choose(target: SourceTarget): void;
}

export const SourceChooserContext = createContext<SourceChooser | null>(null);

export function useSourceChooser(): SourceChooser | null {
  return useContext(SourceChooserContext);
}

/**
 * How a passage is pressed (with `useSourceChooser()` of the view it is in) where it is: chosen for the page beside it when a chooser is there,
 * else opened in the Reader (or nothing, for a passage whose text is not here).
 */
export function passagePress(
  chooser: SourceChooser | null,
  p: PassageSource,
  n?: number,
  carried = false,
): PassagePress {
  if (carried) return { kind: 'none' };
  if (!chooser) return { kind: 'open' };
  const target = passageTarget(p, n);
  return {
    kind: 'choose',
    chosen: sameTarget(chooser.shown, target),
    onChoose: () => chooser.choose(target),
  };
}
