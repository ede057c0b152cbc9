import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { BatchStocks } from '@/types/api';

/** GET /api/stocks/batch?symbols=A,B: per-question scores for each ticker (signed in only). */
export const stocksBatchKey = (symbols: readonly string[]) =>
  `/api/stocks/batch?symbols=${symbols.map(encodeURIComponent).join(',')}`;

export const getStocksBatch = (symbols: readonly string[]) => api.get<BatchStocks>(stocksBatchKey(symbols));

export function useStocksBatch(symbols: readonly string[]) {
  return useSWR<BatchStocks>(symbols.length ? stocksBatchKey(symbols) : null, () => getStocksBatch(symbols), {
    keepPreviousData: true,
  });
}
