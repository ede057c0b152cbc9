import useSWR from 'swr';

import { ACCOUNT_KEY, type Account, getAccount } from '@/lib/account';

/** The account page's details: GET /api/account. */
export function useAccount() {
  return useSWR<Account>(ACCOUNT_KEY, getAccount);
}
