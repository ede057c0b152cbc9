import useSWR from 'swr';

import { ACCOUNT_KEY, type Account, getAccount } from '@/lib/account';
import { remainingQueries } from '@/utils/usage';

/** The signed-in user's chat allowance for the drawer, read from GET /api/account. */
export function useQueryUsage(enabled: boolean) {
  const { data, error, isLoading } = useSWR<Account>(enabled ? ACCOUNT_KEY : null, getAccount);
  const remaining = data ? remainingQueries(data.queriesLimit, data.queriesUsed) : null;
  return { remaining, limit: data?.queriesLimit ?? null, used: data?.queriesUsed ?? null, error, isLoading };
}
