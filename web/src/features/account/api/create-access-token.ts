import { api } from '@/lib/api-client';
import type { CreatedToken } from '@/types/api';

import { ACCESS_TOKENS_KEY } from './get-access-tokens';

/** POST /api/account/tokens: a new token; its `secret` is in this answer only. */
export const createAccessToken = (name: string) => api.post<CreatedToken>(ACCESS_TOKENS_KEY, { name });
