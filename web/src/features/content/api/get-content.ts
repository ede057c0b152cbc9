import useSWR from 'swr';

import { CONTENT_LIMIT } from '@/config/constants';
import { api } from '@/lib/api-client';
import type { ContentItem } from '@/types/api';

/** GET /api/content?limit={n}: the latest newsletter, video and social posts. */
export const contentKey = (limit: number = CONTENT_LIMIT) => `/api/content?limit=${limit}`;

export const getContent = (limit: number = CONTENT_LIMIT) => api.get<ContentItem[]>(contentKey(limit));

export function useContent(limit: number = CONTENT_LIMIT) {
  return useSWR<ContentItem[]>(contentKey(limit), () => getContent(limit));
}
