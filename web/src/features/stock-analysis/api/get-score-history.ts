import useSWR from 'swr';

import type { HistoryEntry } from '@/types/generated/HistoryEntry';

/** GET /api/stocks/{symbol}/score-history: the latest 12 stored quarters, newest first. */
export const scoreHistoryKey = (symbol: string) => `/api/stocks/${encodeURIComponent(symbol)}/score-history`;

export const useScoreHistory = (symbol: string) => useSWR<HistoryEntry[]>(scoreHistoryKey(symbol));
