import { api } from '@/lib/api-client';

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
