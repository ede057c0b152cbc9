import { Link } from 'react-router';

import { paths } from '@/config/paths';

import type { AnalysisError } from '../utils/analysis-errors';

/** The red error banner (spec 000 section 8), with the one next step that helps. */
export function AnalysisErrorBanner({ error }: { error: AnalysisError }) {
  return (
    <div role="alert" data-testid="analysis-error" className="rounded-2xl border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{error.message}</p>
      {error.kind === 'rate' ? <p className="mt-1 text-sm">In the meantime, Bubba's Notes below still work.</p> : null}
      {error.kind === 'signup' ? <p className="mt-1 text-sm">Taking you to the sign-up page...</p> : null}
      {error.kind === 'login' ? (
        <Link to={paths.auth.getHref()} className="mt-2 inline-block text-sm font-semibold underline">
          Log in
        </Link>
      ) : null}
    </div>
  );
}
