import useSWR from 'swr';

import type { TrendingPeriod } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { TrendingStock } from '@/types/api';

/** GET /api/trending?period=24h|7d|30d: the most-viewed stocks, from real view counts. */
export const trendingKey = (period: TrendingPeriod) => `/api/trending?period=${period}`;

export const getTrending = (period: TrendingPeriod) => api.get<TrendingStock[]>(trendingKey(period));

export function useTrending(period: TrendingPeriod) {
  return useSWR<TrendingStock[]>(trendingKey(period), () => getTrending(period));
}
