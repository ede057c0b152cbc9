import { COMPARE_MAX } from '@/config/constants';

/**
 * Compare list rules (spec 000 sections 4 and 5): tickers are trimmed and
 * upper-cased; blank input is ignored; duplicates are ignored; at most 3.
 */
export type AddResult = { list: string[]; added: boolean; reason?: 'blank' | 'duplicate' | 'full' };

export function normalizeTicker(input: string): string {
  return input.trim().toUpperCase();
}

export function addTicker(list: readonly string[], input: string, max: number = COMPARE_MAX): AddResult {
  const ticker = normalizeTicker(input);
  if (!ticker) return { list: [...list], added: false, reason: 'blank' };
  if (list.includes(ticker)) return { list: [...list], added: false, reason: 'duplicate' };
  if (list.length >= max) return { list: [...list], added: false, reason: 'full' };
  return { list: [...list, ticker], added: true };
}

export function removeTicker(list: readonly string[], ticker: string): string[] {
  return list.filter((t) => t !== ticker);
}

export const isCompareFull = (list: readonly string[], max: number = COMPARE_MAX) => list.length >= max;

/** The overall score from per-question scores: the answered ones, out of 100. */
export function overallFromScores(scores: ReadonlyArray<number | null>): number | null {
  const answered = scores.filter((s): s is number => s != null && Number.isFinite(s));
  if (answered.length === 0) return null;
  return Math.round((answered.reduce((a, b) => a + b, 0) / (answered.length * 10)) * 100);
}
