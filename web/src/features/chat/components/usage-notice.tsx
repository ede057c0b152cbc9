import { Link } from 'react-router';

import { paths } from '@/config/paths';
import type { ChatUsage } from '@/types/api';
import { remainingQueries, usageLevel } from '@/utils/usage';

/**
 * The allowance under the input (spec 000 sections 4 and 9): below 80% a remaining badge; from
 * 80% up to the limit a low-queries warning; at the limit the top-up prompt.
 */
export function UsageNotice({ usage }: { usage: ChatUsage }) {
  const remaining = remainingQueries(usage.queriesLimit, usage.queriesUsed);
  const level = usageLevel(usage.queriesUsed, usage.queriesLimit);
  if (level === 'exhausted') {
    return (
      <p className="rounded-lg bg-red-50 px-3 py-2 text-xs text-red-900" data-testid="chat-topup">
        You've used all your chat queries.{' '}
        <Link to={paths.pricing.getHref()} className="font-semibold underline">
          Get More Queries
        </Link>
      </p>
    );
  }
  if (level === 'low') {
    return (
      <p className="rounded-lg bg-amber-100 px-3 py-2 text-xs text-amber-950" data-testid="chat-low-warning">
        Running low: {remaining} of {usage.queriesLimit} queries left.{' '}
        <Link to={paths.pricing.getHref()} className="font-semibold underline">
          Get More Queries
        </Link>
      </p>
    );
  }
  return (
    <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-testid="chat-usage-badge">
      {remaining} queries left
    </span>
  );
}
