import { Button, Card, Spinner } from '@blueprintjs/core';
import { Link, Navigate, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/store/hooks';
import { logout } from '../../../lib/auth/auth-slice';
import { useAppDomain } from '../../../lib/hooks/use-app-domain';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { getPlatform } from '../../../lib/platform/platform';
import { portalSubdomainOf } from '../../../lib/portal-host';
import { useMySchoolsQuery } from '../api/workspace-api';
import { EmptyState } from '../components/empty-state';
import { LanguageSwitch } from '../components/language-switch';
import { useT, type MessageId } from '../i18n';

/**
 * /workspace: which school. On a school's own host that school; with one school, that one; with
 * several, a list to choose from; with none, what to do to get in.
 */
export function Component() {
  const t = useT();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const appDomain = useAppDomain();
  const query = useMySchoolsQuery();
  useDocumentTitle(t('shell.chooseSchool'));
  const schools = query.data?.schools ?? [];
  const host = getPlatform().kind === 'web' && appDomain ? portalSubdomainOf(window.location.host, appDomain) : null;

  if (query.isLoading || !appDomain) {
    return (
      <div className="ws-loading" role="status" aria-label={t('common.loading')}>
        <Spinner size={32} aria-hidden />
      </div>
    );
  }
  const here = host ? schools.find((s) => s.subdomain === host) : undefined;
  if (here) return <Navigate to={`/workspace/${here.id}`} replace />;
  if (!host && schools.length === 1) return <Navigate to={`/workspace/${schools[0]!.id}`} replace />;

  async function signOut() {
    await dispatch(logout());
    navigate('/sign-in', { replace: true });
  }

  return (
    <main className="ws-page ws-page--center">
      <div className="ws-page-tools">
        <LanguageSwitch />
      </div>
      {query.isError ? (
        <EmptyState icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} action={<Button className="ws-touch" intent="primary" text={t('common.retry')} onClick={() => void query.refetch()} />} />
      ) : schools.length === 0 ? (
        <EmptyState
          icon="office"
          title={t('shell.noSchools.title')}
          description={t('shell.noSchools.text')}
          action={<Button className="ws-touch" text={t('shell.signOut')} onClick={() => void signOut()} />}
        />
      ) : (
        <Card className="ws-card ws-school-list">
          <h1>{t('shell.chooseSchool')}</h1>
          {host ? <p>{t('shell.notMemberHere')}</p> : null}
          <ul>
            {schools.map((s) => (
              <li key={s.id}>
                <Link className="ws-school-link ws-touch" to={`/workspace/${s.id}`}>
                  <strong>{s.name}</strong>
                  <span>{t(`role.${s.role}` as MessageId)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </main>
  );
}
