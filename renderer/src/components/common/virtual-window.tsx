// The two boxes of a virtual list: a spacer as tall as the whole list, and the window of
// rendered rows moved to where they belong. Sizes go through the CSSOM (the CSP forbids
// style="" attributes).
import type { ReactNode } from 'react';

export function VirtualWindow(props: { totalSize: number; offset: number; children: ReactNode }) {
  return (
    <div
      className="virtual-space"
      ref={(el) => el?.style.setProperty('height', `${props.totalSize}px`)}
    >
      <div
        className="virtual-window"
        ref={(el) => el?.style.setProperty('transform', `translateY(${props.offset}px)`)}
      >
        {props.children}
      </div>
    </div>
  );
}
