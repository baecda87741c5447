import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../../../lib/store/hooks';

/** The workspace is for signed-in people: anyone else goes to the workspace's sign-in, then back. */
export function RequireSignIn() {
  const status = useAppSelector((s) => s.auth.status);
  const location = useLocation();
  if (status !== 'authenticated') {
    return <Navigate to="/sign-in" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

export { RequireSignIn as Component };
