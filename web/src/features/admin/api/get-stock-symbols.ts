import useSWR from 'swr';

import { api } from '@/lib/api-client';

/** GET /api/admin/stock-symbols: every stock with notes, alphabetically. */
export const STOCK_SYMBOLS_KEY = '/api/admin/stock-symbols';

export const getStockSymbols = () => api.get<string[]>(STOCK_SYMBOLS_KEY);

export function useStockSymbols() {
  const { data, error, mutate } = useSWR<string[]>(STOCK_SYMBOLS_KEY, getStockSymbols);
  // Loading failures of lists are only logged (spec 001 section 8).
  if (error) console.warn('Stock symbols failed to load', error);
  return { symbols: data ?? [], mutate };
}
