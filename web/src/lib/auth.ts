import useSWR, { useSWRConfig } from 'swr';

import type { User } from '@/types/api';

import { ACCOUNT_KEY } from './account';
import { getAnonymousSessionId } from './anonymous-session';
import { api } from './api-client';

/**
 * The current user and the calls that change it (spec 000 sections 4 and 7).
 * Lives in lib, as in bulletproof-react, because the layout, the guards, the
 * drawer and the auth page all read or change it.
 */
// `?optional=true`: the API answers 200 with null when nobody is signed in, rather than the
// spec's 401, so an ordinary signed-out visit logs no failed request in the console. A 401
// (an API without the option) still reads as nobody signed in.
export const USER_KEY = '/api/user?optional=true';

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

export type LoginInput = { username: string; password: string };

export type RegisterInput = {
  username: string;
  password: string;
  acceptTerms: boolean;
  acceptPrivacy: boolean;
  parentName?: string;
  parentEmail?: string;
  parentSignature?: string;
  childName?: string;
  parentalConsent?: boolean;
};

export const loginWithCredentials = (input: LoginInput) => api.post<User>('/api/login', input);
export const registerWithData = (input: RegisterInput) => api.post<User>('/api/register', input);
/** Logout sends the anonymous session id (spec 000 section 4). */
export const logoutSession = () => api.post<unknown>('/api/logout', { sessionId: getAnonymousSessionId() ?? '' });

/** Cached answers that belong to whoever is signed in. */
const USER_SCOPED_KEYS = [ACCOUNT_KEY, '/api/chat/usage', '/api/anonymous/session/', '/api/stocks/batch'];

/**
 * Login, register and logout that keep the cached user right: signed in
 * caches the returned user, signed out caches null, and the cached answers
 * that belong to a user (account, usage, trial) are dropped, to be fetched
 * afresh by whoever asks next.
 */
export function useAuthActions() {
  const { mutate } = useSWRConfig();
  // Dropped without refetching: a mounted hook would otherwise ask again as the old user.
  const resetOthers = () =>
    mutate((key) => typeof key === 'string' && USER_SCOPED_KEYS.some((prefix) => key.startsWith(prefix)), undefined, {
      revalidate: false,
    });
  return {
    login: async (input: LoginInput) => {
      const user = await loginWithCredentials(input);
      await resetOthers();
      await mutate(USER_KEY, user, { revalidate: false });
      return user;
    },
    register: async (input: RegisterInput) => {
      const user = await registerWithData(input);
      await resetOthers();
      await mutate(USER_KEY, user, { revalidate: false });
      return user;
    },
    logout: async () => {
      await logoutSession();
      await resetOthers();
      await mutate(USER_KEY, null, { revalidate: false });
    },
  };
}
