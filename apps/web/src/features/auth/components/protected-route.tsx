import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';

/** Where a visitor was going, so that login can send them back there (SPEC §2). */
export interface FromState {
  from?: string;
}

export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.login} replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}
