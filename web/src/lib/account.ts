/** GET /api/account: the one key and fetcher every feature reads the signed-in account with. */
import { api } from '@/lib/api-client';
import type { Account } from '@/types/api';

export type { Account };

/**
 * The account's SWR key (the URL): username, member since, query balance, parent/child fields,
 * subscription. The drawer, the account page and the chat share the answer through it.
 */
export const ACCOUNT_KEY = '/api/account';

export const getAccount = () => api.get<Account>(ACCOUNT_KEY);
