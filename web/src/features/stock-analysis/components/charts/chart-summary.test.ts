import { describe, expect, it } from 'vitest';

import type { Column } from './chart-kit';
import { chartSummary } from './chart-summary';

type Point = { label: string; value: number };
const money = (v: number) => `$${v.toFixed(1)}B`;

describe('chartSummary', () => {
  it('reads a chart over time as a trend from its first to its last period', () => {
    const columns: Array<Column<Point>> = [
      { label: 'Period', value: (r) => r.label },
      { label: 'Revenue', value: (r) => money(r.value) },
    ];
    const rows = [
      { label: '2022', value: 1.2 },
      { label: '2023', value: 1.5 },
      { label: '2024', value: 2 },
    ];
    expect(chartSummary('Revenue', rows, columns)).toBe('Revenue went from $1.2B in 2022 to $2.0B in 2024.');
  });

  it('lists the values side by side when the chart compares things rather than periods', () => {
    const columns: Array<Column<Point>> = [
      { label: 'Measure', value: (r) => r.label },
      { label: 'Percent', value: (r) => `${r.value}%` },
    ];
    const rows = [
      { label: 'Insiders', value: 1 },
      { label: 'Institutions', value: 60 },
    ];
    expect(chartSummary('Ownership', rows, columns)).toBe('Percent: Insiders 1%, Institutions 60%.');
  });

  it('says plainly when there is nothing to describe', () => {
    expect(chartSummary('Cash & Debt', [], [{ label: 'Period', value: () => '' }])).toBe('Cash & Debt: no numbers to show.');
  });
});
