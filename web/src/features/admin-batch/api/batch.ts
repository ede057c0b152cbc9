import useSWR from 'swr';

import { ApiError, api } from '@/lib/api-client';
import type { BatchRefusedOut } from '@/types/generated/BatchRefusedOut';
import type { BatchResult } from '@/types/generated/BatchResult';
import type { BatchStartedOut } from '@/types/generated/BatchStartedOut';
import type { BatchStatus } from '@/types/generated/BatchStatus';
import type { CanStart } from '@/types/generated/CanStart';

/** The admin batch calls (spec 001 section 7, "Batch"). */
export const batchKeys = {
  stocks: '/api/admin/analyzable-stocks',
  status: '/api/admin/batch-job/status',
  results: '/api/admin/batch-job/results',
} as const;

/** Job status is polled every 5 s while a batch runs (spec 001 section 9). */
export const STATUS_POLL_MS = 5000;

export const useAnalyzableStocks = () => useSWR<string[]>(batchKeys.stocks);

export const useBatchStatus = () =>
  useSWR<BatchStatus>(batchKeys.status, {
    refreshInterval: (latest) => (latest?.isRunning ? STATUS_POLL_MS : 0),
  });

export const useBatchResults = () => useSWR<BatchResult[]>(batchKeys.results);

export const canStartBatch = () => api.get<CanStart>('/api/admin/batch-job/can-start');

export const startBatch = (symbols: string[], delaySeconds: number) =>
  api.post<BatchStartedOut>('/api/admin/batch-job/start', { symbols, delaySeconds });

export const stopBatch = () => api.post<{ message: string }>('/api/admin/batch-job/stop');

/** A refused start's `{message, waitTime}`, when the error carries one. */
export function refusal(error: unknown): BatchRefusedOut | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as Partial<BatchRefusedOut>;
    return { message: body.message ?? '', waitTime: body.waitTime ?? 0 };
  } catch {
    return null;
  }
}

/**
 * The 'Job Cannot Start' description (spec 001 section 8): the wait in whole minutes
 * (seconds rounded up) when there is one, else the reason, else a default.
 */
export function cannotStartMessage(waitTime: number, reason?: string | null): string {
  if (waitTime > 0) return `Must wait ${Math.ceil(waitTime / 60)} more minutes after previous job completion`;
  return reason || 'Cannot start job at this time';
}
