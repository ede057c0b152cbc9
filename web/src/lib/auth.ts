import useSWR from 'swr';

import type { User } from '@/types/api';

import { api } from './api-client';

/**
 * The current user (spec 000 section 7: GET /api/user, a 401 means "no user").
 * Lives in lib, as in bulletproof-react, because the layout, the guards and
 * several features all read it.
 */
export const USER_KEY = '/api/user';

export function getUser(): Promise<User | null> {
  return api.getOrNull<User>(USER_KEY);
}

export function useUser() {
  const { data, error, isLoading, mutate } = useSWR<User | null>(USER_KEY, getUser);
  return {
    user: data ?? null,
    isLoading,
    error: error as Error | undefined,
    isSignedIn: Boolean(data),
    // Until the API says how the admin is marked, only an explicit flag counts.
    isAdmin: data?.isAdmin === true,
    mutate,
  };
}
