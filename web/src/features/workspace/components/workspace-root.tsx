import { Spinner } from '@blueprintjs/core';
import { Outlet } from 'react-router';
import { StoredLanguage } from '../../../lib/i18n/stored-language';
import '../i18n';
import './workspace.css';

/**
 * Every workspace page (the shell, sign-in on a school's host, /join) sits under this: it loads the
 * language this device last used — Hindi's catalogue only when Hindi is chosen — and provides it.
 */
export function WorkspaceRoot() {
  return (
    <StoredLanguage
      loading={
        <div className="ws-loading" role="status" aria-label="Loading">
          <Spinner size={32} aria-hidden />
        </div>
      }
    >
      <Outlet />
    </StoredLanguage>
  );
}

export { WorkspaceRoot as Component };
