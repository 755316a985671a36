import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { guardRedirect } from './guard';
import { useSession } from './SessionProvider';

interface RequireAuthProps {
  /** False for the few guarded pages an unverified user may see. */
  requireVerified?: boolean;
  /** The guarded content; without it the matched child route (as a layout route in the router). */
  children?: ReactNode;
}

/**
 * The sign-in guard (spec part 1, section 4). In the router it is a layout route around every guarded
 * page, so guarding a new page is a matter of listing it under it.
 */
export function RequireAuth({ requireVerified = true, children }: RequireAuthProps) {
  const { user } = useSession();
  const location = useLocation();
  const redirect = guardRedirect(user, location, { requireVerified });
  if (redirect) return <Navigate to={redirect} replace />;
  return children ?? <Outlet />;
}
