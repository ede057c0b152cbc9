import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { TickerHit } from '@/types/api';

/**
 * GET /api/tickers/search?q=: our server ranks matches by ticker and company
 * name (at most 100). It replaces the spec's browser-side call to a market-data
 * service on purpose, so no API key ever reaches the browser. Like the spec's
 * call, any failure yields an empty list with no message.
 */
export const tickerSearchKey = (query: string) => `/api/tickers/search?q=${encodeURIComponent(query)}`;

export async function searchTickers(query: string): Promise<TickerHit[]> {
  try {
    const hits = await api.get<TickerHit[]>(tickerSearchKey(query));
    return Array.isArray(hits) ? hits : [];
  } catch {
    return [];
  }
}

/**
 * Searches only for a non-empty trimmed query (spec 000 section 5). No `keepPreviousData`:
 * a new query must never show the previous query's results while it is in flight.
 */
export function useTickerSearch(query: string) {
  const q = query.trim();
  return useSWR<TickerHit[]>(q ? tickerSearchKey(q) : null, () => searchTickers(q));
}
