import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from '../store/hooks';
import { selectAuth } from './auth-slice';

// Apart from the other guards (lib/auth/guards.tsx, which re-exports these): the sign-in pages load
// neither the refusal screen nor Blueprint's code with it (docs/performance.md).

/** What the login page reads back: where a signed-out visitor was going. */
export type FromState = { from?: string | { pathname?: string; search?: string; hash?: string } };

/** The remembered origin as a path ('/setup/classes?schoolId=…'), or null. */
export function rememberedOrigin(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  if (typeof from === 'string') return from.startsWith('/') && !from.startsWith('//') ? from : null;
  if (from && typeof from.pathname === 'string' && from.pathname.startsWith('/')) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return null;
}

/**
 * /login and /register are for signed-out users: a signed-in user goes to /dashboard — or, right
 * after logging in, to the page remembered by RequireAuth — replacing history (spec §2).
 */
export function GuestOnly() {
  const { status } = useAppSelector(selectAuth);
  const location = useLocation();
  if (status === 'authenticated') return <Navigate to={rememberedOrigin(location.state) ?? '/dashboard'} replace />;
  return <Outlet />;
}

