import type { HistoryEntry } from '@/types/generated/HistoryEntry';
import type { Band } from '@/types/analysis';
import { overallBand } from '@/utils/score-bands';

/** Latest 12 stored quarters (spec 001 section 9), served newest first. */
export const CHART_POINTS = 12;

/** One calendar quarter on the chart; `score` is null for a quarter with no stored score (a gap). */
export type ChartPoint = {
  quarter: string;
  score: number | null;
  band: Band | null;
  provisional: boolean;
  company: string;
  industry: string;
};

/** `2026-Q3` as a count of quarters, so two keys can be subtracted; null for anything else. */
function quarterIndex(key: string): number | null {
  const match = /^(\d{4})-Q([1-4])$/.exec(key);
  return match ? Number(match[1]) * 4 + Number(match[2]) - 1 : null;
}

const quarterKey = (index: number) => `${Math.floor(index / 4)}-Q${(index % 4) + 1}`;

/**
 * The chart's points on a real time axis, oldest quarter on the left: one point per calendar
 * quarter from the oldest to the newest of the latest 12 stored quarters, so a quarter with no
 * score (not stored, or stored without one) is a gap in the line rather than squeezed out.
 */
export function chartPoints(history: HistoryEntry[]): ChartPoint[] {
  const byIndex = new Map<number, HistoryEntry>();
  for (const entry of history.slice(0, CHART_POINTS)) {
    const index = quarterIndex(entry.quarter);
    if (index !== null) byIndex.set(index, entry);
  }
  if (byIndex.size === 0) return [];
  const indexes = [...byIndex.keys()];
  const [first, last] = [Math.min(...indexes), Math.max(...indexes)];
  const points: ChartPoint[] = [];
  for (let index = first; index <= last; index++) {
    const entry = byIndex.get(index);
    const score = entry?.score ?? null;
    points.push({
      quarter: quarterKey(index),
      score,
      band: score === null ? null : overallBand(score),
      provisional: entry?.provisional ?? false,
      company: entry?.company_name ?? '',
      industry: entry?.industry ?? '',
    });
  }
  return points;
}

/** The scored points only. */
export const scoredPoints = (points: ChartPoint[]) => points.filter((p): p is ChartPoint & { score: number; band: Band } => p.score !== null);
