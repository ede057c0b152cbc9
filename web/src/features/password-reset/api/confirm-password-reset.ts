import { api } from '@/lib/api-client';

/** POST /api/reset-password/confirm {token, password}: sets the new password. */
export const confirmPasswordReset = (token: string, password: string) =>
  api.post<unknown>('/api/reset-password/confirm', { token, password });
