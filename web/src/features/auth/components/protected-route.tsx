import { Navigate, Outlet } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

/**
 * Layout route for pages that need a signed-in user (spec 000 section 2):
 * spinner while the user loads, then /auth when there is none.
 */
export function ProtectedRoute() {
  const { user, isLoading } = useUser();
  if (isLoading) return <Spinner label="Checking who's on the porch" />;
  if (!user) return <Navigate to={paths.auth.getHref()} replace />;
  return <Outlet />;
}
