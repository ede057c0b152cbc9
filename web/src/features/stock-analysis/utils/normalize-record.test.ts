import { describe, expect, it } from 'vitest';

import { normalizeChart } from './normalize-record';

describe('chart normalisation', () => {
  it('camel-cases the snake_case fields of struct variants', () => {
    expect(normalizeChart({ type: 'forward', forward_yield_pct: 2.7, treasury_pct: 4.71 })).toEqual({
      type: 'forward',
      forwardYieldPct: 2.7,
      treasuryPct: 4.71,
    });
    expect(normalizeChart({ type: 'shortInterest', short_pct: 0.95, settlement_date: '2026-05-15' })).toEqual({
      type: 'shortInterest',
      shortPct: 0.95,
      settlementDate: '2026-05-15',
    });
    expect(normalizeChart({ type: 'ownership', insiders_pct: 0, institutions_pct: null, retail_pct: 100, estimated: true })).toEqual({
      type: 'ownership',
      insidersPct: 0,
      institutionsPct: null,
      retailPct: 100,
      estimated: true,
    });
  });

  it('leaves camelCase charts as they are', () => {
    const chart = { type: 'valueGrowth', rows: [{ label: 'FY2024', value: 1, growthPct: 2 }] };
    expect(normalizeChart(chart)).toEqual(chart);
  });
});
