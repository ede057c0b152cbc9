import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { ChatUsage } from '@/types/api';

/** GET /api/chat/usage (spec 000 section 7): fetched only when signed in, refetched on window focus. */
export const CHAT_USAGE_KEY = '/api/chat/usage';

export const getChatUsage = () => api.get<ChatUsage>(CHAT_USAGE_KEY);

export function useChatUsage(enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR<ChatUsage>(enabled ? CHAT_USAGE_KEY : null, getChatUsage, {
    revalidateOnFocus: true,
  });
  return { usage: data ?? null, error: error as Error | undefined, isLoading, mutate };
}
