import { Button, Spinner } from '@blueprintjs/core';
import { DESTRUCTIVE_MESSAGES, UI_MESSAGES } from '@vidyalaya/shared';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAppSelector } from '../../../lib/store/hooks';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { toastError } from '../../../lib/toast';
import { StateScreen } from '../../../lib/ui/state-screen';
import { useMyMembershipsQuery } from '../api/dashboard-api';
import { SchoolOverviewView } from '../components/school-overview';
import { useSchoolOverview } from '../hooks/use-school-overview';
import '../components/dashboard.css';
import { DASHBOARD_TEXT } from '../messages';

const T = DASHBOARD_TEXT.dashboard;

/** Spec §2 /dashboard: a loading state, then the welcome screen or the school overview. */
export function Component() {
  const navigate = useNavigate();
  const username = useAppSelector((s) => s.auth.user?.username ?? '');
  const overview = useSchoolOverview();
  // No school of their own: someone invited into schools goes to the workspace (issue 13).
  const memberships = useMyMembershipsQuery(undefined, { skip: overview.status !== 'none', refetchOnMountOrArgChange: true });
  const member = overview.status === 'none' && (memberships.data?.schools.length ?? 0) > 0;
  const waiting = overview.status === 'loading' || (overview.status === 'none' && (memberships.isUninitialized || memberships.isFetching) && !memberships.data);
  useDocumentTitle(overview.status === 'school' ? overview.overview.school.name : 'Dashboard');

  useEffect(() => {
    if (overview.status === 'error') toastError(DESTRUCTIVE_MESSAGES.loadSchool.title, DESTRUCTIVE_MESSAGES.loadSchool.description);
  }, [overview.status]);

  if (member) return <Navigate to="/workspace" replace />;

  if (waiting) {
    return (
      <div className="app-page dash-loading" aria-busy="true">
        <h1 className="visually-hidden">Dashboard</h1>
        <div role="status" className="dash-loading-status">
          <Spinner size={40} aria-hidden />
          <p>{T.loading}</p>
        </div>
      </div>
    );
  }

  if (overview.status === 'error') {
    return (
      <div className="app-page app-page--narrow">
        <StateScreen
          icon="error"
          intent="danger"
          title={DESTRUCTIVE_MESSAGES.loadSchool.title}
          description={DESTRUCTIVE_MESSAGES.loadSchool.description}
          action={<Button icon="refresh" text={T.retry} onClick={overview.refetch} />}
        />
      </div>
    );
  }

  if (overview.status === 'none') {
    return (
      <div className="app-page app-page--narrow">
        <StateScreen
          icon="office"
          intent="primary"
          title={T.welcomeTitle(username)}
          description={T.welcomeText}
          action={
            <Button intent="primary" size="large" icon="add" text={UI_MESSAGES.dashboard.createYourSchool} onClick={() => navigate('/setup/school')} />
          }
        />
      </div>
    );
  }

  return <SchoolOverviewView overview={overview.overview} username={username} />;
}
