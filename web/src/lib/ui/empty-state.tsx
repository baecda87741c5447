import { Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/** What a page shows when it has nothing yet: what it is for and what to do next. */
export function EmptyState(props: { icon: IconName; title: string; description: ReactNode; action?: ReactNode; headingLevel?: 1 | 2 }) {
  const Heading = props.headingLevel === 2 ? 'h2' : 'h1';
  return (
    <section className="ws-empty">
      <Icon icon={props.icon} size={40} className="ws-empty-icon" aria-hidden />
      <Heading className="ws-empty-title">{props.title}</Heading>
      <p className="ws-empty-text">{props.description}</p>
      {props.action ? <div className="ws-empty-action">{props.action}</div> : null}
    </section>
  );
}
