import { api } from '@/lib/api-client';

import { ACCESS_TOKENS_KEY } from './get-access-tokens';

/** DELETE /api/account/tokens/{id}: the token stops working at once (204). */
export const revokeAccessToken = (id: number) => api.delete<void>(`${ACCESS_TOKENS_KEY}/${id}`);
