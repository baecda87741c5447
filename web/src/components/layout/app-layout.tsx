import './site-shell.css';
import './app-shell.css';
import { APP_NAME } from '@vidyalaya/shared';
import { Link, Outlet } from 'react-router';
import { AccountMenu } from '../account/account-menu';
import { BrandMark } from './brand-mark';

/**
 * The signed-in shell (dashboard and setup): the brand, back to the dashboard, and the account menu;
 * no marketing navigation or footer. Pages render into the one <main>.
 */
export function Component() {
  return (
    <div className="site-shell app-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <header className="app-header">
        <div className="app-header-bar">
          <Link to="/dashboard" className="site-brand app-brand">
            <BrandMark size={32} />
            <span className="site-brand-name">{APP_NAME}</span>
          </Link>
          <AccountMenu />
        </div>
      </header>
      <main id="main-content" className="site-main app-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
