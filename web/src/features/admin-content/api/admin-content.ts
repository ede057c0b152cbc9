import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { ContentItem } from '@/types/api';
import type { SyncStartedOut } from '@/types/generated/SyncStartedOut';

/** The content page's calls: list, add by hand, remove, and run the feed sync now. */
export const ADMIN_CONTENT_KEY = '/api/admin/content';

export const CONTENT_TYPES = ['substack', 'youtube', 'instagram'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export type NewContentItem = {
  title: string;
  url: string;
  type: ContentType;
  description?: string;
  thumbnail?: string;
  platform?: string;
  readTime?: string;
};

export const useAdminContent = () => useSWR<ContentItem[]>(ADMIN_CONTENT_KEY);

export const addContent = (item: NewContentItem) => api.post<ContentItem>(ADMIN_CONTENT_KEY, item);

export const removeContent = (id: number) => api.delete<null>(`${ADMIN_CONTENT_KEY}/${id}`);

export const syncContentNow = () => api.post<SyncStartedOut>(`${ADMIN_CONTENT_KEY}/sync`);
