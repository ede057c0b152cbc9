import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { KvStock } from '@/types/api';

/** GET /api/admin/kv-stocks: per stock the bytes stored and when they last changed. */
export const KV_STOCKS_KEY = '/api/admin/kv-stocks';

export const getKvStocks = () => api.get<KvStock[]>(KV_STOCKS_KEY);

export function useKvStocks() {
  const { data, error, isLoading } = useSWR<KvStock[]>(KV_STOCKS_KEY, getKvStocks);
  return { stocks: data ?? [], error: error as Error | undefined, isLoading };
}
