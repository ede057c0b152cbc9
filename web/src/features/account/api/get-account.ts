import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Account } from '@/types/api';

/** GET /api/account: username, member since, query balance, parent/child fields, subscription. */
export const ACCOUNT_KEY = '/api/account';

export const getAccount = () => api.get<Account>(ACCOUNT_KEY);

export function useAccount() {
  return useSWR<Account>(ACCOUNT_KEY, getAccount);
}
