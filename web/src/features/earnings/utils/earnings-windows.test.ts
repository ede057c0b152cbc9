import { describe, expect, it } from 'vitest';

import {
  computeEarningsPeriod,
  currentEarningsPeriod,
  earningsPeriodsForYear,
  SPEC_EARNINGS_PERIODS,
} from './earnings-windows';

describe('earnings windows', () => {
  it.each(SPEC_EARNINGS_PERIODS.map((p) => [p.quarter, p] as const))('the rule reproduces the spec row %s', (_, row) => {
    const [q, year] = row.quarter.slice(1).split(' ').map(Number) as [1 | 2 | 3 | 4, number];
    expect(computeEarningsPeriod(year, q)).toEqual(row);
  });

  it('yields four windows in 2026, each Monday to the Friday of the next week', () => {
    const periods = earningsPeriodsForYear(2026);
    expect(periods.map((p) => p.quarter)).toEqual(['Q4 2025', 'Q1 2026', 'Q2 2026', 'Q3 2026']);
    expect(periods.map((p) => [p.peakStart, p.peakEnd])).toEqual([
      ['2026-01-26', '2026-02-06'],
      ['2026-04-20', '2026-05-01'],
      ['2026-07-20', '2026-07-31'],
      ['2026-10-19', '2026-10-30'],
    ]);
    for (const p of periods) {
      expect(new Date(`${p.peakStart}T00:00:00Z`).getUTCDay()).toBe(1);
      expect(new Date(`${p.peakEnd}T00:00:00Z`).getUTCDay()).toBe(5);
    }
  });

  it('keeps working in later years', () => {
    for (const year of [2027, 2030, 2040]) {
      const periods = earningsPeriodsForYear(year);
      expect(periods).toHaveLength(4);
      for (const p of periods) expect(p.peakStart.startsWith(String(year))).toBe(true);
    }
  });

  it('finds the window for a date inside it, inclusive at both ends, by UTC day', () => {
    expect(currentEarningsPeriod(new Date('2025-01-27T00:00:00Z'))?.quarter).toBe('Q4 2024');
    expect(currentEarningsPeriod(new Date('2025-02-07T23:59:59Z'))?.quarter).toBe('Q4 2024');
    expect(currentEarningsPeriod(new Date('2025-05-01T12:00:00Z'))?.quarter).toBe('Q1 2025');
    expect(currentEarningsPeriod(new Date('2026-04-22T12:00:00Z'))?.quarter).toBe('Q1 2026');
  });

  it('is null outside the windows', () => {
    expect(currentEarningsPeriod(new Date('2025-02-08T00:00:00Z'))).toBeNull();
    expect(currentEarningsPeriod(new Date('2025-06-15T12:00:00Z'))).toBeNull();
    expect(currentEarningsPeriod(new Date('2025-12-25T12:00:00Z'))).toBeNull();
  });
});
