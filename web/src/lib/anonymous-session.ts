import useSWR, { useSWRConfig } from 'swr';

import type { AnonymousSession } from '@/types/api';

/**
 * The anonymous trial is tracked by a client-generated id kept in local storage
 * (spec 000 section 3). Access goes through here so a blocked or missing
 * localStorage (private mode, tests) never crashes a request.
 */
export const ANONYMOUS_SESSION_KEY = 'anonymous_session_id';

/** The spec's default when the server does not know the id. */
export const DEFAULT_ANONYMOUS_SESSION: Omit<AnonymousSession, 'sessionId'> = {
  exists: false,
  searchCount: 0,
  remainingSearches: 3,
  requiresSignup: false,
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getAnonymousSessionId(): string | null {
  return storage()?.getItem(ANONYMOUS_SESSION_KEY) ?? null;
}

export function clearAnonymousSessionId(): void {
  storage()?.removeItem(ANONYMOUS_SESSION_KEY);
}

function newId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `anon-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** Creates and stores the id on a signed-out visitor's first visit; returns the stored id. */
export function ensureAnonymousSessionId(): string | null {
  const store = storage();
  if (!store) return null;
  const existing = store.getItem(ANONYMOUS_SESSION_KEY);
  if (existing) return existing;
  const id = newId();
  store.setItem(ANONYMOUS_SESSION_KEY, id);
  return id;
}

export const anonymousSessionKey = (id: string) => `/api/anonymous/session/${encodeURIComponent(id)}`;

/**
 * GET /api/anonymous/session/{id}: exists, searchCount, remainingSearches,
 * requiresSignup. Only asked when `enabled` (known to be signed out).
 */
export function useAnonymousSession(enabled: boolean) {
  // Idempotent: the layout creates the id too, but this may render first.
  const id = enabled ? ensureAnonymousSessionId() : null;
  const { data, error, isLoading, mutate } = useSWR<AnonymousSession>(id ? anonymousSessionKey(id) : null);
  return { sessionId: id, session: data, error: error as Error | undefined, isLoading, refresh: () => mutate() };
}

/** Refetches the trial count (after an anonymous analysis, spec 000 section 4). */
export function useRefreshAnonymousSession() {
  const { mutate } = useSWRConfig();
  return () => {
    const id = getAnonymousSessionId();
    return id ? mutate(anonymousSessionKey(id)) : Promise.resolve(undefined);
  };
}
