import { roleHas } from '@vidyalaya/shared';
import type { ReactNode } from 'react';
import { Navigate, NavLink } from 'react-router';
import { useSchool } from '../../../lib/workspace/school-context';
import { useT, type MessageId } from '../i18n';
import './fees.css';

const TABS: { path: string; label: MessageId }[] = [
  { path: '', label: 'fees.tab.counter' },
  { path: '/day-book', label: 'fees.tab.dayBook' },
  { path: '/defaulters', label: 'fees.tab.defaulters' },
  { path: '/setup', label: 'fees.tab.setup' },
];

/** The fees pages' frame: the heading and the tabs; only roles that collect fees get in. */
export function FeesShell(props: { children: ReactNode }) {
  const t = useT();
  const { schoolId, home } = useSchool();
  // Like any section the role may not open: back to the school's home (the menu never offers it).
  if (!roleHas(home.role, 'fees.collect')) return <Navigate to={`/workspace/${schoolId}`} replace />;
  return (
    <div className="fees-page">
      <h1 className="fees-title">{t('fees.title')}</h1>
      <nav className="fees-tabs" aria-label={t('fees.title')}>
        {TABS.map((tab) => (
          <NavLink key={tab.path} end to={`/workspace/${schoolId}/fees${tab.path}`} className={({ isActive }) => `fees-tab${isActive ? ' fees-tab-active' : ''}`}>
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      {props.children}
    </div>
  );
}
