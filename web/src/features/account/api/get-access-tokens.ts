import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { AccessTokens } from '@/types/api';

/** GET /api/account/tokens: the signed-in user's live access tokens, newest first. */
export const ACCESS_TOKENS_KEY = '/api/account/tokens';

export const getAccessTokens = () => api.get<AccessTokens>(ACCESS_TOKENS_KEY);

export function useAccessTokens() {
  return useSWR<AccessTokens>(ACCESS_TOKENS_KEY, getAccessTokens);
}
