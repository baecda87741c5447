import { Spinner } from '@blueprintjs/core';
import { Outlet, useLocation } from 'react-router';
import { WorkspaceSkeleton } from '../../../components/layout/workspace-skeleton';
import { StoredLanguage } from '../../../lib/i18n/stored-language';
import '../i18n';
import './workspace.css';

/**
 * Every workspace page (the shell, sign-in on a school's host, /join) sits under this: it loads the
 * language this device last used — Hindi's catalogue only when Hindi is chosen — and provides it.
 */
export function WorkspaceRoot() {
  const { pathname } = useLocation();
  return (
    <StoredLanguage
      loading={
        // The shell's skeleton under /workspace (issue 37: the document paints it before any script).
        pathname.startsWith('/workspace') ? (
          <WorkspaceSkeleton />
        ) : (
          <div className="ws-loading" role="status" aria-label="Loading">
            <Spinner size={32} aria-hidden />
          </div>
        )
      }
    >
      <Outlet />
    </StoredLanguage>
  );
}

export { WorkspaceRoot as Component };
