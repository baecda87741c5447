import { PlainCard } from '../../../components/blueprint/plain-controls';
import type { ReactNode } from 'react';
import './auth.css';

/** The frame of every account screen: a heading (the one logo is the header's), an intro, the form, links. */
export function AuthCard(props: { title: string; intro?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="auth-page">
      <PlainCard className="auth-card" elevation={2}>
        <h1 className="auth-title">{props.title}</h1>
        {props.intro ? <p className="auth-intro">{props.intro}</p> : null}
        {props.children}
        {props.footer ? <div className="auth-footer">{props.footer}</div> : null}
      </PlainCard>
    </div>
  );
}
