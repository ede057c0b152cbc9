import useSWR from 'swr';

import { api } from '@/lib/api-client';
import { keysetPages, useKeysetPages } from '@/lib/keyset-pages';
import type { AnalyzeQuarterOut } from '@/types/generated/AnalyzeQuarterOut';
import type { BackfillOut } from '@/types/generated/BackfillOut';
import type { BackfillProgressOut } from '@/types/generated/BackfillProgressOut';
import type { ChangeExplanation } from '@/types/generated/ChangeExplanation';
import type { HistoryEntry } from '@/types/generated/HistoryEntry';
import type { QuarterlyChange } from '@/types/generated/QuarterlyChange';

/** The trends calls (spec 001 section 7, "Trends"), plus the explanation and the backfill. */
export const trendsKeys = {
  changes: '/api/admin/trends/quarterly-changes',
  improved: '/api/admin/trends/most-improved?limit=5',
  declined: '/api/admin/trends/most-declined?limit=5',
  history: (symbol: string) => `/api/admin/trends/stock-history/${encodeURIComponent(symbol)}`,
  explain: (symbol: string) => `/api/admin/trends/explain/${encodeURIComponent(symbol)}`,
  backfill: '/api/admin/trends/backfill-history',
} as const;

/** The changes list, 100 symbols at a time (alphabetically). */
export const changesPages = keysetPages<QuarterlyChange>(trendsKeys.changes, (row) => row.tickerSymbol);
export const useQuarterlyChanges = () => useKeysetPages<QuarterlyChange>(changesPages);
export const useMostImproved = () => useSWR<QuarterlyChange[]>(trendsKeys.improved);
export const useMostDeclined = () => useSWR<QuarterlyChange[]>(trendsKeys.declined);

/** A stock's latest 12 quarters, newest first; nothing is fetched until a symbol is chosen. */
export const useStockHistory = (symbol: string | null) =>
  useSWR<HistoryEntry[]>(symbol ? trendsKeys.history(symbol) : null);

/** Why the stock's score moved; only asked for when its history has two quarters. */
export const useExplanation = (symbol: string | null) =>
  useSWR<ChangeExplanation>(symbol ? trendsKeys.explain(symbol) : null);

/** Queues the analysis of a past quarter (a backfill): 202 with the job. */
export const analyzeQuarter = (symbol: string, quarter: string) =>
  api.post<AnalyzeQuarterOut>('/api/admin/trends/analyze-quarter', { symbol, quarter });

/** How often the backfill's progress is read while a backfill waits or runs. */
export const BACKFILL_POLL_MS = 1000;

/** The history backfill queue by state; re-read every second while anything waits or runs. */
export const useBackfillProgress = () =>
  useSWR<BackfillProgressOut>(trendsKeys.backfill, {
    refreshInterval: (latest) => (latest && latest.waiting + latest.running > 0 ? BACKFILL_POLL_MS : 0),
  });

/** Queues the history backfill (the last 12 quarters) of every scored company: 202. */
export const startBackfill = () => api.post<BackfillOut>(trendsKeys.backfill, {});
