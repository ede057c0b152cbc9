import type { HistoryEntry } from '@/types/generated/HistoryEntry';
import type { Band } from '@/types/analysis';
import { overallBand } from '@/utils/score-bands';

/** Latest 12 points (spec 001 section 9), served newest first. */
export const CHART_POINTS = 12;

export type ChartPoint = {
  quarter: string;
  score: number;
  band: Band;
  provisional: boolean;
  company: string;
  industry: string;
};

/**
 * The chart's points, oldest quarter on the left: the first 12 history entries (the latest 12),
 * reversed. Quarters without a score are left out of the line.
 */
export function chartPoints(history: HistoryEntry[]): ChartPoint[] {
  return history
    .slice(0, CHART_POINTS)
    .filter((h): h is HistoryEntry & { score: number } => h.score !== null)
    .map((h) => ({
      quarter: h.quarter,
      score: h.score,
      band: overallBand(h.score),
      provisional: h.provisional,
      company: h.company_name ?? '',
      industry: h.industry ?? '',
    }))
    .reverse();
}

/** The All Changes search: symbol, company, industry and sector, case-insensitive. */
export function matchesSearch(
  row: { tickerSymbol: string; companyName: string | null; industry: string | null; sector: string | null },
  query: string,
): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [row.tickerSymbol, row.companyName, row.industry, row.sector].some((v) => v?.toLowerCase().includes(q));
}
