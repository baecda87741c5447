import { Card, Icon } from '@blueprintjs/core';
import { APP_NAME } from '@vidyalaya/shared';
import type { ReactNode } from 'react';
import './auth.css';

/** The frame of every account screen: the product mark, a heading, an intro, the form, links. */
export function AuthCard(props: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="auth-page">
      <Card className="auth-card" elevation={2}>
        <div className="auth-brand" aria-hidden>
          <Icon icon="learning" size={28} />
          <span>{APP_NAME}</span>
        </div>
        <h1 className="auth-title">{props.title}</h1>
        {props.intro ? <p className="auth-intro">{props.intro}</p> : null}
        {props.children}
        {props.footer ? <div className="auth-footer">{props.footer}</div> : null}
      </Card>
    </div>
  );
}
