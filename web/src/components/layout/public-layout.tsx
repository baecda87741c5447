import './site-shell.css';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The shell around every route (spec §2 Navigation and shell): a skip link, the top bar, the page in
 * the one <main> landmark, and the footer. Pages render their content without a <main> of their own.
 */
export function Component() {
  return (
    <div className="site-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main-content" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
