// What a screen shows before there is anything on it: what to do first.
import type { ReactNode } from 'react';

export function EmptyState(props: { title: string; children: ReactNode }) {
  return (
    <section className="empty-state" aria-label={props.title}>
      <h2>{props.title}</h2>
      {props.children}
    </section>
  );
}
