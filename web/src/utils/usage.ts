import { LOW_QUERY_RATIO } from '@/config/constants';

/**
 * Chat allowance rules (spec 000 sections 4 and 9): remaining is limit minus
 * used, never below 0. Below 80% of the limit only a remaining badge shows;
 * from 80% up to the limit a low-queries warning; at or above the limit the
 * input is disabled and a top-up prompt appears.
 */
export type UsageLevel = 'ok' | 'low' | 'exhausted';

export function remainingQueries(limit: number, used: number): number {
  return Math.max(0, limit - used);
}

export function usageLevel(used: number, limit: number): UsageLevel {
  if (limit <= 0 || used >= limit) return 'exhausted';
  if (used >= limit * LOW_QUERY_RATIO) return 'low';
  return 'ok';
}
