import { describe, expect, it } from 'vitest';

import type { HistoryEntry } from '@/types/generated/HistoryEntry';

import { chartPoints } from './history-points';

const entry = (quarter: string, score: number | null, answered = 12): HistoryEntry => ({
  quarter,
  score,
  company_name: 'Apple Inc.',
  industry: 'Electronic Computers',
  analysis_date: '2026-08-18T00:00:00Z',
  answered_questions: answered,
  provisional: answered < 9,
  provisional_reason: answered < 9 ? 'no price history' : null,
});

describe('trend chart points', () => {
  it('keeps the latest 12 quarters, oldest on the left, coloured by band', () => {
    // 14 quarters served newest first: 2026-Q2 back to 2023-Q1.
    const history = Array.from({ length: 14 }, (_, i) => {
      const index = 13 - i;
      return entry(`${2023 + Math.floor(index / 4)}-Q${(index % 4) + 1}`, 40 + i * 3);
    });
    const points = chartPoints(history);
    expect(points).toHaveLength(12);
    expect(points[11]?.quarter).toBe('2026-Q2');
    expect(points[0]?.quarter).toBe('2023-Q3');
    expect(points[11]).toMatchObject({ score: 40, band: 'red' });
    expect(points[0]).toMatchObject({ score: 73, band: 'green' });
    expect(points.find((p) => p.score === 52)?.band).toBe('yellow');
  });

  it('puts quarters on a real time axis: an unscored or missing quarter is a gap', () => {
    const points = chartPoints([entry('2026-Q4', 90, 8), entry('2026-Q3', null), entry('2026-Q1', 70)]);
    expect(points.map((p) => p.quarter)).toEqual(['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4']);
    expect(points.map((p) => p.score)).toEqual([70, null, null, 90]);
    expect(points[3]?.provisional).toBe(true);
    // Across a year end, too.
    const across = chartPoints([entry('2027-Q1', 60), entry('2026-Q3', 55)]);
    expect(across.map((p) => p.quarter)).toEqual(['2026-Q3', '2026-Q4', '2027-Q1']);
  });
});
