import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/**
 * Shown when a route throws or its chunk fails to load (often a new deploy
 * replaced the old files), so a reload is the first thing to offer.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status}: ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';

  return (
    <div className="mx-auto max-w-xl p-8">
      <Card className="text-center">
        <h1 className="font-serif text-2xl font-bold text-amber-900">Well, that didn't go to plan.</h1>
        <p className="mt-3 text-stone-700">Something came loose on my end. A reload usually tightens it back up.</p>
        <p className="mt-2 text-xs text-stone-500">{detail}</p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" onClick={() => window.location.reload()} className="rounded-lg bg-amber-700 px-4 py-2 font-semibold text-white">
            Reload
          </button>
          <Link to={paths.home.getHref()} className="rounded-lg border border-amber-700 px-4 py-2 font-semibold text-amber-900">
            Home
          </Link>
        </div>
      </Card>
    </div>
  );
}
