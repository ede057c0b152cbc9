import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { StockNotes } from '@/types/analysis';

/** GET /api/admin/stock-analysis/{symbol}: the stored notes (quotes included). */
export const adminNotesKey = (symbol: string) => `/api/admin/stock-analysis/${encodeURIComponent(symbol)}`;

export const getAdminNotes = (symbol: string) => api.get<StockNotes>(adminNotesKey(symbol));

export function useAdminNotes(symbol: string | null) {
  const { data, error, isLoading, mutate } = useSWR<StockNotes>(symbol ? adminNotesKey(symbol) : null, () =>
    getAdminNotes(symbol ?? ''),
  );
  if (error) console.warn(`Notes for ${symbol} failed to load`, error);
  return { notes: data ?? null, isLoading, mutate };
}
