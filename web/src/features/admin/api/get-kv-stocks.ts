import useSWR from 'swr';

import { keysetPages, useKeysetPages } from '@/lib/keyset-pages';
import type { KvStock, KvTotals } from '@/types/api';

/** GET /api/admin/kv-stocks: per stock the bytes stored and when they last changed, 100 at a time. */
export const KV_STOCKS_KEY = '/api/admin/kv-stocks';
/** GET /api/admin/kv-totals: the page's totals over every stock. */
export const KV_TOTALS_KEY = '/api/admin/kv-totals';

const kvPages = keysetPages<KvStock>(KV_STOCKS_KEY, (s) => s.symbol);

export const useKvStocks = () => useKeysetPages<KvStock>(kvPages);

export const useKvTotals = () => useSWR<KvTotals>(KV_TOTALS_KEY);
