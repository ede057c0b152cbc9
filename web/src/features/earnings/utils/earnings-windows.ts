/**
 * Earnings-season peak windows (spec 000 section 9), compared against the UTC date.
 *
 * The spec lists four windows; they are kept below as data. Later (and earlier)
 * quarters are computed by one rule that reproduces all four:
 *
 *   peakStart = the Monday of the week (Monday to Sunday) that holds the quarter's
 *               last day, plus 3 weeks; plus 1 more week for the fourth quarter,
 *               because annual reports (10-K) come out later than quarterly ones.
 *   peakEnd   = peakStart + 11 days, the Friday of the following week.
 *
 * Check: Q4 2024 ends Tue 2024-12-31, its week starts Mon 2024-12-30, +3 weeks is
 * 2025-01-20, +1 week for Q4 is 2025-01-27, ending Fri 2025-02-07 (the spec's row).
 */
export type EarningsPeriod = {
  /** e.g. "Q1 2025" */
  quarter: string;
  /** Last day of the fiscal quarter, YYYY-MM-DD. */
  fiscalEnd: string;
  peakStart: string;
  peakEnd: string;
};

/** The spec's four windows, verbatim. */
export const SPEC_EARNINGS_PERIODS: readonly EarningsPeriod[] = [
  { quarter: 'Q4 2024', fiscalEnd: '2024-12-31', peakStart: '2025-01-27', peakEnd: '2025-02-07' },
  { quarter: 'Q1 2025', fiscalEnd: '2025-03-31', peakStart: '2025-04-21', peakEnd: '2025-05-02' },
  { quarter: 'Q2 2025', fiscalEnd: '2025-06-30', peakStart: '2025-07-21', peakEnd: '2025-08-01' },
  { quarter: 'Q3 2025', fiscalEnd: '2025-09-30', peakStart: '2025-10-20', peakEnd: '2025-10-31' },
];

const DAY_MS = 86_400_000;

const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** The window of calendar quarter `q` (1-4) of `year`, by the rule above. */
export function computeEarningsPeriod(year: number, q: 1 | 2 | 3 | 4): EarningsPeriod {
  // Day 0 of the month after the quarter is the quarter's last day.
  const fiscalEnd = new Date(Date.UTC(year, q * 3, 0));
  const daysSinceMonday = (fiscalEnd.getUTCDay() + 6) % 7;
  const weekStart = addDays(fiscalEnd, -daysSinceMonday);
  const peakStart = addDays(weekStart, 21 + (q === 4 ? 7 : 0));
  return {
    quarter: `Q${q} ${year}`,
    fiscalEnd: iso(fiscalEnd),
    peakStart: iso(peakStart),
    peakEnd: iso(addDays(peakStart, 11)),
  };
}

/** Every window whose peak falls in `year` (Q4 of the year before through Q3). */
export function earningsPeriodsForYear(year: number): EarningsPeriod[] {
  const computed = [
    computeEarningsPeriod(year - 1, 4),
    computeEarningsPeriod(year, 1),
    computeEarningsPeriod(year, 2),
    computeEarningsPeriod(year, 3),
  ];
  // The spec's rows win where they exist (they are the same by construction).
  return computed.map((period) => SPEC_EARNINGS_PERIODS.find((p) => p.quarter === period.quarter) ?? period);
}

/** The window `now` falls in (inclusive, UTC days), or null outside the peaks. */
export function currentEarningsPeriod(now: Date = new Date()): EarningsPeriod | null {
  const today = iso(now);
  const year = now.getUTCFullYear();
  return earningsPeriodsForYear(year).find((p) => p.peakStart <= today && today <= p.peakEnd) ?? null;
}
