import { NonIdealState } from '@blueprintjs/core';
import { NOT_ALLOWED_MESSAGES } from '@vidyalaya/shared';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A signed-in user on a screen meant for another role: a clear 'Not allowed', why, and what they
 * can do instead. The heading takes focus so a screen reader announces it at once.
 * Staff opening the school-admin screens: `<NotAllowed description={NOT_ALLOWED_MESSAGES.adminScreens} />`.
 */
export function NotAllowed(props: { description: string; action?: ReactNode; title?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="vd-not-allowed" aria-labelledby="not-allowed-title" style={{ padding: '48px 16px' }}>
      <NonIdealState
        icon="lock"
        description={
          <div>
            <h1 id="not-allowed-title" ref={heading} tabIndex={-1} style={{ margin: '0 0 8px', fontSize: 24 }}>
              {props.title ?? NOT_ALLOWED_MESSAGES.title}
            </h1>
            <p role="alert" style={{ margin: 0 }}>
              {props.description}
            </p>
          </div>
        }
        action={props.action ? <div style={{ display: 'flex', gap: 8, justifyContent: 'center' }}>{props.action}</div> : undefined}
      />
    </section>
  );
}
