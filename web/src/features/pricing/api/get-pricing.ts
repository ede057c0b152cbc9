import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { ChatUsage, Pricing } from '@/types/api';

/** GET /api/pricing: the packs on sale and whether this server takes payments. */
export const PRICING_KEY = '/api/pricing';

export function usePricing() {
  const { data, error, isLoading, mutate } = useSWR<Pricing>(PRICING_KEY, () => api.get<Pricing>(PRICING_KEY));
  return { pricing: data ?? null, error: error as Error | undefined, isLoading, mutate };
}

/** GET /api/chat/usage (same key as the chat widget and drawer, so a credit refreshes them all). */
export const USAGE_KEY = '/api/chat/usage';

export function useRemainingQueries(enabled: boolean) {
  const { data, mutate } = useSWR<ChatUsage>(enabled ? USAGE_KEY : null, () => api.get<ChatUsage>(USAGE_KEY));
  return { remaining: data?.queriesRemaining ?? null, mutate };
}
