import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Account } from '@/types/api';
import { remainingQueries } from '@/utils/usage';

/**
 * The signed-in user's chat allowance for the drawer, read from GET /api/account
 * (the same URL as the account page, so SWR shares the answer).
 */
export const ACCOUNT_KEY = '/api/account';

export const getAccount = () => api.get<Account>(ACCOUNT_KEY);

export function useQueryUsage(enabled: boolean) {
  const { data, error, isLoading } = useSWR<Account>(enabled ? ACCOUNT_KEY : null, getAccount);
  const remaining = data ? remainingQueries(data.queriesLimit, data.queriesUsed) : null;
  return { remaining, limit: data?.queriesLimit ?? null, used: data?.queriesUsed ?? null, error, isLoading };
}
