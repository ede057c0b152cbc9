import { api } from '@/lib/api-client';

/** POST /api/reset-password {email}: mails a reset link (the answer never says whether the account exists). */
export const requestPasswordReset = (email: string) => api.post<unknown>('/api/reset-password', { email });
