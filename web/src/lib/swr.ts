import type { SWRConfiguration } from 'swr';

import { swrFetcher } from '@/lib/api-client';

/**
 * Data-fetch defaults from spec 000 section 7: no interval refetch, no refetch
 * on focus or reconnect, cached data never goes stale, no retries. Calls that
 * differ (usage refetches on focus, top stocks retries once) opt in locally.
 */
export const swrDefaults: SWRConfiguration = {
  fetcher: swrFetcher,
  refreshInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
};
