import { Outlet } from 'react-router';

import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/lib/auth';

/**
 * Layout route for every /admin page (spec 001 sections 2 and 6): spinner while
 * access is determined, then the page or the access-denied view. Until the API
 * defines how the admin is marked, only `isAdmin: true` on /api/user counts.
 */
export function AdminRoute() {
  const { isAdmin, isLoading } = useUser();
  if (isLoading) return <Spinner label="Checking admin access" />;
  if (!isAdmin) return <AdminAccessDenied />;
  return <Outlet />;
}

function AdminAccessDenied() {
  return (
    <Card className="mx-auto max-w-md text-center">
      <h1 className="font-serif text-2xl font-bold text-amber-900">Admin Access Required</h1>
      <p className="mt-2 text-stone-600">You do not have permission to access this page.</p>
    </Card>
  );
}
