/**
 * The anonymous trial is tracked by a client-generated id kept in local storage
 * (spec 000 section 3). Access goes through here so a blocked or missing
 * localStorage (private mode, tests) never crashes a request.
 */
export const ANONYMOUS_SESSION_KEY = 'anonymous_session_id';

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
