import { Navigate, useSearchParams } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { TabList, tabPanelProps } from '@/components/ui/tabs';
import { ANONYMOUS_FREE_ANALYSES, DAILY_ANALYSES, FREE_CHAT_QUERIES, PERSONA_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';

import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

type Tab = 'login' | 'signup';
const TABS = [
  { value: 'login', label: 'Login' },
  { value: 'signup', label: 'Sign Up' },
] as const;

/**
 * /auth (spec 000 "Auth screen"): Login first, Sign Up first with
 * ?signup=true, and straight home for anyone already signed in.
 */
export function AuthPage() {
  const { user, isLoading } = useUser();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('signup') === 'true' ? 'signup' : 'login';

  if (isLoading) return <Spinner label="Checking who's on the porch" />;
  if (user) return <Navigate to={paths.home.getHref()} replace />;

  const setTab = (next: Tab) => setParams(next === 'signup' ? { signup: 'true' } : {}, { replace: true });

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section className="rounded-2xl border border-amber-200 bg-white p-5 shadow-sm sm:p-6">
        <PageTitle title="Log In or Sign Up" subtitle={`Pull up a chair. ${PERSONA_NAME} saved you a seat.`} />
        <div className="mt-5">
          <TabList tabs={TABS} value={tab} onChange={setTab} label="Account" idBase="auth" />
          <div {...tabPanelProps('auth', tab)} className="mt-5">
            {tab === 'login' ? <LoginForm /> : <SignupForm />}
          </div>
        </div>
      </section>
      <aside className="space-y-4 rounded-2xl bg-amber-100/60 p-5 text-stone-800 sm:p-6">
        <h2 className="font-serif text-2xl font-bold text-amber-900">Is this porch for you?</h2>
        <div>
          <h3 className="font-semibold text-green-800">Pull up a chair if you're:</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            <li>An everyday investor wanting no-nonsense insights</li>
            <li>Somebody who prefers straight talk over Wall Street mumbo jumbo</li>
            <li>Fond of common-sense analysis with a little humor</li>
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-red-800">Probably not your porch if you're:</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
            <li>A high-frequency or algorithmic trader</li>
            <li>Looking to get rich quick (I can't help you, and neither can anybody else)</li>
            <li>After complex technical indicators and squiggly lines</li>
          </ul>
        </div>
        <p className="text-sm">
          Visitors get {ANONYMOUS_FREE_ANALYSES} free analyses. A free account gets {DAILY_ANALYSES} analyses a day and{' '}
          {FREE_CHAT_QUERIES} chats with me, no credit card needed.
        </p>
      </aside>
    </div>
  );
}
