import { Button, HTMLSelect, Icon, type IconName } from '@blueprintjs/core';
import type { Language } from '@vidyalaya/shared';
import type { MySchool } from '@vidyalaya/shared/people';
import { useLingui } from '@lingui/react';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
// The shell's and the lists' icons, ready before the shell first draws (one chunk, no fetch per icon).
import '../../../components/blueprint/workspace-icons';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { asApiError } from '../../../lib/api/errors';
import { logout } from '../../../lib/auth/auth-slice';
import { formatLongDate } from '../../../lib/i18n/format';
import { useDocumentTitle } from '../../../lib/hooks/use-document-title';
import { useMySchoolsQuery, useSchoolHomeQuery } from '../api/workspace-api';
import { useT, type MessageId } from '../i18n';
import { useWorkspaceSlots } from '../../../lib/workspace/slots';
import { allSections, navFor, type NavItem } from '../nav';
import { WorkspaceSkeleton } from '../../../components/layout/workspace-skeleton';
import { EmptyState } from './empty-state';
import { LanguageSwitch } from './language-switch';
import { useLanguagePreference } from './use-language-preference';
import type { SchoolContext } from './workspace-context';

/** The phone's menu loads when it is first reached for (menu-drawer.tsx), not before the first paint. */
const loadMenuDrawer = () => import('./menu-drawer');
const MenuDrawer = lazy(loadMenuDrawer);

/** The role's sidebar: only what it may open (nav.ts). */
function SchoolNav(props: { items: NavItem[]; schoolId: string; onNavigate?: () => void }) {
  const t = useT();
  return (
    <ul className="ws-nav-list">
      {props.items.map((item) => (
        <li key={item.key}>
          <NavLink
            to={`/workspace/${props.schoolId}${item.path ? `/${item.path}` : ''}`}
            end={item.path === ''}
            className={({ isActive }) => `ws-nav-link${isActive ? ' ws-nav-link--active' : ''}`}
            onClick={props.onNavigate}
          >
            <Icon icon={item.icon as IconName} aria-hidden />
            <span>{t(`nav.${item.key}` as MessageId)}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** For people in several schools: moves the whole workspace to another school. */
function SchoolSwitcher(props: { schools: MySchool[]; current: string }) {
  const t = useT();
  const navigate = useNavigate();
  if (props.schools.length < 2) return null;
  return (
    <label className="ws-switcher">
      <span className="ws-visually-hidden">{t('shell.switchSchool')}</span>
      <HTMLSelect
        value={props.current}
        onChange={(e) => navigate(`/workspace/${e.target.value}`)}
        aria-label={t('shell.switchSchool')}
        className="ws-touch"
      >
        {props.schools.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} · {t(`role.${s.role}` as MessageId)}
          </option>
        ))}
      </HTMLSelect>
    </label>
  );
}

/**
 * The school's workspace: a top bar (menu button at phone width, the school, the switcher, the
 * language, sign out), the sidebar by role, breadcrumbs and the page. The home call tells the role
 * and whether the school is approved; before approval only the home page (its status) is there.
 */
export function SchoolShell() {
  const t = useT();
  const { i18n } = useLingui();
  const { schoolId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.auth.user);
  // The store answers its subscribers at once, in one uninterrupted render: the call's answer would
  // draw the whole shell and page in one long task. Deferred, that drawing is a transition that
  // yields to the browser every few milliseconds (a slow phone stays responsive: issue 21).
  const home = useDeferredValue(useSchoolHomeQuery(schoolId));
  const schools = useDeferredValue(useMySchoolsQuery());
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted from the first opening on, so that it can play its closing transition.
  const [menuUsed, setMenuUsed] = useState(false);
  useLanguagePreference();
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const data = home.data;
  const approved = !!data && data.school.approvalStatus === 'approved' && data.school.isActive;
  const featureNav = useWorkspaceSlots().nav;
  const items = data ? navFor(data.role, approved, featureNav) : [];
  const segment = location.pathname.split('/')[3] ?? '';
  const section = allSections(featureNav).find((i) => i.path === segment && segment !== '');
  const sectionTitle = section ? t(`nav.${section.key}` as MessageId) : '';
  useDocumentTitle(data ? (sectionTitle ? `${sectionTitle} · ${data.school.name}` : data.school.name) : t('shell.title'));

  async function signOut() {
    await dispatch(logout());
    navigate('/sign-in', { replace: true });
  }

  // The skeleton the document painted (issue 37) stays until the school's answer is there.
  if (home.isLoading || home.isUninitialized) return <WorkspaceSkeleton label={t('common.loading')} />;
  if (!data) {
    const status = asApiError(home.error).status;
    return (
      <main className="ws-page ws-page--center">
        <EmptyState
          icon={status === 404 || status === 403 ? 'office' : 'error'}
          title={status === 404 || status === 403 ? t('shell.notMember.title') : t('common.loadFailed')}
          description={status === 404 || status === 403 ? t('shell.notMember.text') : t('common.tryAgain')}
          action={
            <>
              <Button className="ws-touch" text={t('shell.allSchools')} onClick={() => navigate('/workspace')} />
              {status !== 404 && status !== 403 ? <Button className="ws-touch" intent="primary" text={t('common.retry')} onClick={() => void home.refetch()} /> : null}
            </>
          }
        />
      </main>
    );
  }

  const context: SchoolContext = { schoolId, home: data, approved, schools: schools.data?.schools ?? [] };
  const nav = <SchoolNav items={items} schoolId={schoolId} onNavigate={() => setMenuOpen(false)} />;

  return (
    <div className="ws-shell">
      <header className="ws-topbar">
        <Button
          className="ws-menu-button ws-touch"
          icon="menu"
          variant="minimal"
          aria-label={t('shell.openMenu')}
          aria-expanded={menuOpen}
          onPointerDown={() => void loadMenuDrawer()}
          onFocus={() => void loadMenuDrawer()}
          onClick={() => {
            setMenuUsed(true);
            setMenuOpen(true);
          }}
        />
        <div className="ws-topbar-school">
          <Icon icon="learning" aria-hidden />
          <span className="ws-topbar-name">{data.school.name}</span>
          <span className="ws-role-tag">{t(`role.${data.role}` as MessageId)}</span>
        </div>
        <div className="ws-topbar-actions">
          <SchoolSwitcher schools={context.schools} current={schoolId} />
          <LanguageSwitch className="ws-topbar-language" />
          <Button className="ws-touch ws-signout" icon="log-out" variant="minimal" text={<span className="ws-signout-text">{t('shell.signOut')}</span>} aria-label={t('shell.signOut')} onClick={() => void signOut()} />
        </div>
      </header>
      <div className="ws-body">
        <nav className="ws-sidebar" aria-label={t('shell.menu')}>
          {nav}
        </nav>
        {menuUsed ? (
          <Suspense fallback={null}>
            <MenuDrawer isOpen={menuOpen} onClose={() => setMenuOpen(false)} title={data.school.name}>
              <nav aria-label={t('shell.menu')} className="ws-drawer-nav">
                {nav}
                {/* The language is in the top bar at every width (issue 36: at the menu's foot it was out of reach). */}
                {context.schools.length > 1 ? (
                  <div className="ws-drawer-extra">
                    <SchoolSwitcher schools={context.schools} current={schoolId} />
                  </div>
                ) : null}
              </nav>
            </MenuDrawer>
          </Suspense>
        ) : null}
        <main className="ws-main" id="main">
          <div className="ws-main-head">
            <nav aria-label={t('shell.breadcrumb')} className="ws-breadcrumbs">
              <ol className="bp6-breadcrumbs">
                <li>
                  <Link className="bp6-breadcrumb" to={`/workspace/${schoolId}`}>
                    {data.school.name}
                  </Link>
                </li>
                <li>
                  <span className="bp6-breadcrumb bp6-breadcrumb-current" aria-current="page">
                    {section ? sectionTitle : t('nav.home')}
                  </span>
                </li>
              </ol>
            </nav>
            <p className="ws-today">
              {user ? `${user.username} · ` : ''}
              {formatLongDate(new Date(), (i18n.locale || 'en') as Language)}
            </p>
          </div>
          {/* A module the role may not open (or any module before approval) is not there: back home. */}
          {section && !items.some((i) => i.key === section.key) ? <Navigate to={`/workspace/${schoolId}`} replace /> : <Outlet context={context} />}
        </main>
      </div>
    </div>
  );
}

export { SchoolShell as Component };
