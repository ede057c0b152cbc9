import { Link } from 'react-router';

import { buttonClass } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import type { Account } from '@/types/api';
import { shortDate } from '@/utils/format';
import { remainingQueries, usageLevel } from '@/utils/usage';

import { useAccount } from '../api/get-account';

function balanceOf(account: Account): number {
  return remainingQueries(account.queriesLimit, account.queriesUsed);
}

/** Account details (spec 000 "Account details page"). */
export function AccountDetails() {
  const { data, error, isLoading, mutate } = useAccount();
  const { user } = useUser();

  if (isLoading) return <Spinner label="Loading your account" />;

  if (error || !data) {
    return (
      <section className="rounded-2xl border border-amber-200 bg-white p-6 shadow-sm">
        <PageTitle title="Account Details" />
        <p role="alert" className="mt-3 text-red-800">
          {userMessage(error, "I couldn't pull up your account just now.")}
        </p>
        <button type="button" className={buttonClass('outline', 'mt-3')} onClick={() => void mutate()}>
          Try Again
        </button>
      </section>
    );
  }

  const balance = balanceOf(data);
  const level = data.queriesLimit != null && data.queriesUsed != null ? usageLevel(data.queriesUsed, data.queriesLimit) : 'ok';
  const premium = data.isPaidUser ?? user?.isPaidUser ?? data.subscription === 'Premium';
  const memberSince = data.memberSince ?? user?.memberSince ?? null;

  const rows: Array<[string, string]> = [
    ['Username', data.username],
    ['Member since', memberSince ? shortDate(memberSince) : 'n/a'],
    ['Query balance', balance == null ? 'n/a' : `${balance} chat queries`],
    ['Subscription', premium ? 'Premium' : 'Free'],
  ];
  if (data.dailyAnalyses != null && data.analysesToday != null) {
    rows.push(['Analyses today', `${data.analysesToday} of ${data.dailyAnalyses}`]);
  }
  if (data.childName) rows.push(['Child', data.childName]);
  if (data.parentName) rows.push(['Parent', data.parentName]);
  if (data.parentEmail) rows.push(['Parent email', data.parentEmail]);

  return (
    <section className="mx-auto max-w-2xl rounded-2xl border border-amber-200 bg-white p-6 shadow-sm">
      <PageTitle title="Account Details" subtitle="Here's what I've got written down in the ledger for you." />
      <dl className="mt-5 divide-y divide-amber-100">
        {rows.map(([label, value]) => (
          <div key={label} className="grid grid-cols-1 gap-1 py-3 sm:grid-cols-3">
            <dt className="font-semibold text-stone-600">{label}</dt>
            <dd className="break-words text-stone-900 sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      {level === 'low' ? <p className="mt-3 rounded-lg bg-amber-100 p-3 text-sm text-amber-950">You're running low on chat queries.</p> : null}
      {level === 'exhausted' ? <p className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900">You've used all your chat queries. Top up to keep chatting.</p> : null}
      <Link to={paths.pricing.getHref()} className={buttonClass('primary', 'mt-5')}>
        Buy More Queries
      </Link>
    </section>
  );
}
