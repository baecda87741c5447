import { APP_NAME, HEADER_TRANSLUCENT_THRESHOLD_PX, NAV_MESSAGES } from '@vidyalaya/shared';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../lib/store/hooks';
import { logout, selectAuth } from '../../lib/auth/auth-slice';
import { BP as Classes } from '../blueprint/bp';
import { BrandMark } from './brand-mark';
import { LinkButton } from './link-button';
import { NAV_ITEMS } from './nav-items';
import { useScrolledPast } from './use-scrolled-past';

const NAV = NAV_MESSAGES;
const MENU_ID = 'site-mobile-menu';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M3 5.5h14M3 10h14M3 14.5h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}

/**
 * Login and Get Started, or Your School and Logout (spec §2 Navigation and shell). The shell uses
 * Blueprint's CSS API on plain elements rather than its Button: the first page then loads none of
 * Blueprint's icon machinery (docs/performance.md).
 */
function AccountActions({ onLogout, loggingOut }: { onLogout: () => void; loggingOut: boolean }) {
  const { status } = useAppSelector(selectAuth);
  if (status === 'authenticated') {
    return (
      <>
        <LinkButton to="/dashboard" variant="minimal" className="site-header-action">
          {NAV.yourSchool}
        </LinkButton>
        <button
          type="button"
          className={`${Classes.BUTTON} ${Classes.OUTLINED} ${Classes.INTENT_PRIMARY} site-header-action`}
          onClick={onLogout}
          disabled={loggingOut}
          aria-busy={loggingOut || undefined}
        >
          <span className={Classes.BUTTON_TEXT}>{NAV.logout}</span>
        </button>
      </>
    );
  }
  return (
    <>
      <LinkButton to="/login" variant="minimal" className="site-header-action">
        {NAV.login}
      </LinkButton>
      <LinkButton to="/register" intent="primary" className="site-header-action">
        {NAV.getStarted}
      </LinkButton>
    </>
  );
}

function NavList({ className }: { className: string }) {
  return (
    <ul className={className}>
      {NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className="site-nav-link">
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The top bar: brand, public navigation and the account actions. Opaque at the top of the page and
 * translucent once the page has scrolled more than HEADER_TRANSLUCENT_THRESHOLD_PX; below 1024 px
 * the navigation folds into a menu button.
 */
export function SiteHeader() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const translucent = useScrolledPast(HEADER_TRANSLUCENT_THRESHOLD_PX);
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  // A followed link closes the menu; so does Escape.
  useEffect(() => setMenuOpen(false), [pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        document.getElementById(`${MENU_ID}-toggle`)?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  async function onLogout() {
    setLoggingOut(true);
    // The toaster and the sign-out messages load on demand: the first page carries neither.
    const toasts = import('../../lib/auth/sign-out-toasts');
    try {
      await dispatch(logout()).unwrap();
      (await toasts).toastSignedOut();
      setMenuOpen(false);
      await navigate('/');
    } catch {
      (await toasts).toastSignOutFailed();
    } finally {
      setLoggingOut(false);
    }
  }

  return (
    <header className={`site-header${translucent ? ' is-translucent' : ''}`} data-translucent={translucent}>
      {/* Blueprint's Navbar, NavbarGroup and NavbarHeading markup, without their code. */}
      <div className={`${Classes.NAVBAR} site-navbar`}>
        <div className={`${Classes.NAVBAR_GROUP} ${Classes.ALIGN_LEFT} site-navbar-brand`}>
          <div className={`${Classes.NAVBAR_HEADING} site-brand-heading`}>
            <Link to="/" className="site-brand">
              <BrandMark size={34} />
              <span className="site-brand-name">{APP_NAME}</span>
            </Link>
          </div>
        </div>
        <nav aria-label="Main" className="site-nav-desktop">
          <NavList className="site-nav-list" />
        </nav>
        <div className={`${Classes.NAVBAR_GROUP} ${Classes.ALIGN_LEFT} site-navbar-actions`}>
          <div className="site-actions-desktop">
            <AccountActions onLogout={onLogout} loggingOut={loggingOut} />
          </div>
          <button
            type="button"
            id={`${MENU_ID}-toggle`}
            className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.LARGE} site-menu-toggle`}
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <MenuIcon open={menuOpen} />
          </button>
        </div>
      </div>
      <div id={MENU_ID} className="site-mobile-menu">
        {/* Drawn only while open, as Blueprint's Collapse does (children unmounted when closed). */}
        {menuOpen ? (
          <nav aria-label="Mobile" className="site-mobile-nav">
            <NavList className="site-mobile-list" />
            <div className="site-mobile-actions">
              <AccountActions onLogout={onLogout} loggingOut={loggingOut} />
            </div>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
