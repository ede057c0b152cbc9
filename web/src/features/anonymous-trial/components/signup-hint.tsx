import { Link } from 'react-router';

import { ANONYMOUS_FREE_ANALYSES } from '@/config/constants';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

/** For signed-out visitors: 3 analyses are free before signing up (spec 000 "Home page"). */
export function SignupHint() {
  const { user, isLoading } = useUser();
  if (isLoading || user) return null;
  return (
    <p className="rounded-xl bg-amber-100/70 px-4 py-3 text-sm text-stone-700">
      First {ANONYMOUS_FREE_ANALYSES} analyses are on the house, no sign-up needed. After that,{' '}
      <Link to={paths.auth.getHref({ signup: true })} className="font-semibold text-amber-900 underline">
        a free account
      </Link>{' '}
      gets you 25 a day and 50 chats with me.
    </p>
  );
}
