import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation, useSearch } from 'wouter';
import { isAdmin, session } from '../state/session';
import { needsAdmin, needsLogin, paths } from '../config/paths';

/**
 * Route guard: anonymous users on login-required paths go to /login and come back to the same
 * path and query afterwards; a non-admin on /admin/* goes to /403.
 */
export function Guard({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const search = useSearch();
  const { user } = useSnapshot(session);
  if (needsLogin(location) && !user) {
    return <Redirect to={paths.login.href(`${location}${search ? `?${search}` : ''}`)} replace />;
  }
  if (needsAdmin(location) && !isAdmin(user)) return <Redirect to={paths.forbidden.href()} replace />;
  return <>{children}</>;
}
