/**
 * The checkouts this browser has already been told were credited. `POST /api/verify-payment`
 * answers the same `{success, queries}` whether this call credited the queries or an earlier one
 * did, so a replayed return URL is recognised here and gets a neutral message instead of
 * "queries have been added" a second time. (Another browser cannot know; the API would have to
 * say which case it was.)
 */
const STORAGE_KEY = 'credited_checkouts';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function read(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Records `sessionId` as credited; true when it already was (a replayed return). */
export function markCredited(sessionId: string): boolean {
  const seen = read();
  if (seen.includes(sessionId)) return true;
  try {
    // The last 20 are plenty: a replay is a reload or a saved link of a recent purchase.
    storage()?.setItem(STORAGE_KEY, JSON.stringify([...seen, sessionId].slice(-20)));
  } catch {
    // Storage full or blocked: the message just cannot tell a replay.
  }
  return false;
}
