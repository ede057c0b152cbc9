import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { TopStock } from '@/types/api';

/** GET /api/top-stocks: the highest-scored stocks. Retried once after 1 s (spec 000 section 7). */
export const TOP_STOCKS_KEY = '/api/top-stocks';
export const TOP_STOCKS_RETRY_MS = 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function getTopStocks(): Promise<TopStock[]> {
  try {
    return await api.get<TopStock[]>(TOP_STOCKS_KEY);
  } catch {
    await wait(TOP_STOCKS_RETRY_MS);
    return api.get<TopStock[]>(TOP_STOCKS_KEY);
  }
}

export function useTopStocks() {
  return useSWR<TopStock[]>(TOP_STOCKS_KEY, getTopStocks);
}
