import { api } from '@/lib/api-client';
import type { Job } from '@/types/analysis';

/** The draft the 10-K auto-analysis wrote: bulk-editor text and where the 10-K came from. */
export type TenKDraft = { rawAnalysis: string; source: string; note: string | null; warning: string | null };

/** The answer while the job still runs: follow it. */
export type TenKQueued = { jobId: string; message: string };

const base = (path: string) => `/api/admin/auto-analyze-10k/${path}`;

/**
 * POST /api/admin/auto-analyze-10k/{symbol}?wait=N (spec 001 section 7): the draft when
 * the job finishes within N seconds, otherwise its job id (202).
 */
export const startAutoAnalysis = (symbol: string, waitSeconds: number) =>
  api.post<TenKDraft | TenKQueued>(`${base(encodeURIComponent(symbol))}?wait=${waitSeconds}`);

/** GET /api/admin/auto-analyze-10k/jobs/{id}: the draft of a finished job. */
export const getAutoAnalysisDraft = (jobId: string) => api.get<TenKDraft>(base(`jobs/${encodeURIComponent(jobId)}`));

/**
 * Follows the job's server-sent events (`/api/jobs/{id}/events`, event `job`) until it
 * succeeds or fails, reporting each change of its real progress.
 */
export function followJob(jobId: string, onUpdate: (job: Job) => void): Promise<Job> {
  return new Promise<Job>((resolve, reject) => {
    const source = new EventSource(`/api/jobs/${encodeURIComponent(jobId)}/events`);
    source.addEventListener('job', (event) => {
      const job = JSON.parse((event as MessageEvent<string>).data) as Job;
      onUpdate(job);
      if (job.status === 'succeeded' || job.status === 'failed') {
        source.close();
        resolve(job);
      }
    });
    source.onerror = () => {
      source.close();
      reject(new Error('Lost track of the 10-K analysis; please try again.'));
    };
  });
}
