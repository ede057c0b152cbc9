import useSWR from 'swr';

import { api, ApiError } from '@/lib/api-client';
import type { StockNotes } from '@/types/analysis';

/** GET /api/stock-analysis/{ticker}: Bubba's notes from the 10-K; `null` (or, from an older API, a 404) means none yet. */
export const stockNotesKey = (ticker: string) => `/api/stock-analysis/${encodeURIComponent(ticker)}`;

export async function getStockNotes(ticker: string): Promise<StockNotes | null> {
  try {
    return await api.get<StockNotes>(stockNotesKey(ticker));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function useStockNotes(ticker: string) {
  return useSWR<StockNotes | null>(stockNotesKey(ticker), () => getStockNotes(ticker));
}
