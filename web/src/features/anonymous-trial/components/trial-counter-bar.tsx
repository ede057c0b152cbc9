import { Link } from 'react-router';

import { ANONYMOUS_FREE_ANALYSES } from '@/config/constants';
import { paths } from '@/config/paths';
import { DEFAULT_ANONYMOUS_SESSION, useAnonymousSession } from '@/lib/anonymous-session';
import { useUser } from '@/lib/auth';

/**
 * The anonymous-trial counter (spec 000 "Home page"): for signed-out visitors
 * with a session, how many of the 3 free analyses are left.
 */
export function TrialCounterBar() {
  const { user, isLoading } = useUser();
  const signedOut = !isLoading && !user;
  const { sessionId, session, error } = useAnonymousSession(signedOut);
  if (!signedOut || !sessionId) return null;

  // The spec's default shape stands in until (or if) the server answers.
  const current = session ?? (error ? DEFAULT_ANONYMOUS_SESSION : null);
  if (!current) return null;
  const remaining = Math.max(0, current.remainingSearches);
  const used = Math.min(ANONYMOUS_FREE_ANALYSES, Math.max(0, current.searchCount));
  const done = current.requiresSignup || remaining === 0;

  return (
    <section
      aria-label="Free trial"
      data-testid="trial-counter"
      className={`flex flex-wrap items-center gap-3 rounded-xl border px-4 py-3 text-sm ${done ? 'border-red-300 bg-red-50' : 'border-amber-200 bg-white'}`}
    >
      <div className="min-w-40 flex-1">
        <p className="font-semibold text-stone-800">
          {done
            ? `You've used all ${ANONYMOUS_FREE_ANALYSES} free analyses.`
            : `${remaining} of ${ANONYMOUS_FREE_ANALYSES} free analyses left`}
        </p>
        <div
          role="meter"
          aria-label="Free analyses used"
          aria-valuemin={0}
          aria-valuemax={ANONYMOUS_FREE_ANALYSES}
          aria-valuenow={used}
          className="mt-2 flex h-2 gap-1"
        >
          {Array.from({ length: ANONYMOUS_FREE_ANALYSES }, (_, i) => (
            <span key={i} className={`flex-1 rounded-full ${i < used ? 'bg-amber-600' : 'bg-amber-100'}`} />
          ))}
        </div>
      </div>
      <Link
        to={paths.auth.getHref({ signup: true })}
        className="rounded-lg bg-amber-700 px-3 py-1.5 font-semibold text-white hover:bg-amber-800"
      >
        {done ? 'Sign up free to keep going' : 'Sign up free'}
      </Link>
    </section>
  );
}
