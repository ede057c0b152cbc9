import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { Watchlist, WatchOut } from '@/types/api';

/** GET /api/watchlist: the "My stocks" page (SWR key = the URL). */
export const WATCHLIST_KEY = '/api/watchlist';

export function useWatchlist(enabled = true) {
  return useSWR<Watchlist>(enabled ? WATCHLIST_KEY : null, (url: string) => api.get<Watchlist>(url));
}

const itemUrl = (symbol: string) => `${WATCHLIST_KEY}/${encodeURIComponent(symbol)}`;

/** POST /api/watchlist/{symbol}: the Watch button. */
export const watchStock = (symbol: string) => api.post<WatchOut>(itemUrl(symbol));

/** DELETE /api/watchlist/{symbol}: Unwatch. */
export const unwatchStock = (symbol: string) => api.delete<WatchOut>(itemUrl(symbol));
