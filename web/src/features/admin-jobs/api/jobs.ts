import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { AdminJobDetailOut } from '@/types/generated/AdminJobDetailOut';
import type { AdminJobOut } from '@/types/generated/AdminJobOut';
import type { JobStatus } from '@/types/generated/JobStatus';
import type { MessageOut } from '@/types/generated/MessageOut';
import type { QueueOverview } from '@/types/generated/QueueOverview';

/** The Jobs page's calls. Every read refreshes every 2 s while the page is open: the live view. */
export const JOBS_REFRESH_MS = 2000;
const LIVE = { refreshInterval: JOBS_REFRESH_MS };

export const OVERVIEW_KEY = '/api/admin/jobs/overview';

export type JobFilter = { queue: string; state: JobStatus | '' };

export const jobsKey = ({ queue, state }: JobFilter) => {
  const params = new URLSearchParams();
  if (queue) params.set('queue', queue);
  if (state) params.set('state', state);
  const query = params.toString();
  return `/api/admin/jobs${query ? `?${query}` : ''}`;
};

export const jobKey = (id: string) => `/api/admin/jobs/${encodeURIComponent(id)}`;

export const useQueueOverview = () => useSWR<QueueOverview[]>(OVERVIEW_KEY, LIVE);

export const useAdminJobs = (filter: JobFilter) => useSWR<AdminJobOut[]>(jobsKey(filter), LIVE);

export const useAdminJob = (id: string | null) => useSWR<AdminJobDetailOut>(id ? jobKey(id) : null, LIVE);

export const retryJob = (id: string) => api.post<MessageOut>(`${jobKey(id)}/retry`);

export const cancelJob = (id: string) => api.post<MessageOut>(`${jobKey(id)}/cancel`);

export const setQueuePaused = (queue: string, paused: boolean) =>
  api.post<MessageOut>(`/api/admin/queues/${encodeURIComponent(queue)}/${paused ? 'pause' : 'resume'}`);
