import { Icon, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

/**
 * A whole-screen state ('School ID Required', 'No Classes Found', 'Not allowed' …): an icon, a
 * real heading at the level the page needs, a description and an action.
 */
export function StateScreen(props: {
  icon: IconName;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  headingLevel?: 1 | 2;
  intent?: 'warning' | 'danger' | 'primary' | 'none';
}) {
  const Heading = props.headingLevel === 2 ? 'h2' : 'h1';
  return (
    <section className={`state-screen state-screen--${props.intent ?? 'none'}`}>
      <Icon icon={props.icon} size={48} className="state-screen-icon" aria-hidden />
      <Heading className="state-screen-title">{props.title}</Heading>
      {props.description ? <p className="state-screen-description">{props.description}</p> : null}
      {props.action ? <div className="state-screen-action">{props.action}</div> : null}
    </section>
  );
}
