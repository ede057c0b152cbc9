import useSWR from 'swr';

import type { SinceLastQuarterOut } from '@/types/generated/SinceLastQuarterOut';

/** GET /api/stocks/{symbol}/since-last-quarter: why the score moved; `change` null without a previous quarter. */
export const sinceLastQuarterKey = (symbol: string) => `/api/stocks/${encodeURIComponent(symbol)}/since-last-quarter`;

export const useSinceLastQuarter = (symbol: string) => useSWR<SinceLastQuarterOut>(sinceLastQuarterKey(symbol));
