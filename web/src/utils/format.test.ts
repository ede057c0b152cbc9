import { describe, expect, it } from 'vitest';

import { axisMoney, compact, money, pct, relativeTime, shortDate, zeroBasedAxis } from './format';

describe('format', () => {
  it('money uses compact suffixes', () => {
    expect(money(391_035_000_000)).toBe('$391.0B');
    expect(money(-2_500_000)).toBe('-$2.5M');
    expect(money(1.5e12)).toBe('$1.5T');
    expect(money(12.5)).toBe('$12.50');
    expect(money(null)).toBe('n/a');
  });
  it('compact, pct and dates', () => {
    expect(compact(15_204_137_000)).toBe('15.2B');
    expect(pct(4.256)).toBe('4.3%');
    expect(shortDate('2025-01-27')).toBe('Jan 27, 2025');
  });
  it('relative time reads naturally', () => {
    const now = new Date('2025-05-10T12:00:00Z');
    expect(relativeTime('2025-05-07T12:00:00Z', now)).toBe('3 days ago');
    expect(relativeTime('2025-05-10T11:00:00Z', now)).toBe('1 hour ago');
  });
});

describe('axis ticks', () => {
  it('never repeat or round to the wrong unit (Meta market value: 0 to 2T)', () => {
    const ticks = [0, 500e9, 1e12, 1.5e12, 2e12].map(axisMoney);
    expect(ticks).toEqual(['$0', '$500B', '$1T', '$1.5T', '$2T']);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect([-150e9, -100e9, -50e9, 0].map(axisMoney)).toEqual(['-$150B', '-$100B', '-$50B', '$0']);
    expect(axisMoney(2.25e9)).toBe('$2.25B');
  });

  it('a value axis always holds zero and never collapses to one value', () => {
    // JPM's operating cash flow, one repeated value: -$148B.
    expect(zeroBasedAxis([-147.8e9, -147.8e9]).domain).toEqual([-150e9, 0]);
    expect(zeroBasedAxis([5e9]).domain).toEqual([0, 5e9]);
    expect(zeroBasedAxis([0, 0]).domain).toEqual([0, 1]);
    expect(zeroBasedAxis([null, undefined]).domain).toEqual([0, 1]);
  });

  it('prints only round ticks, the top one too (no raw "$416.161B" beside "$400B")', () => {
    const { domain, ticks } = zeroBasedAxis([389.2e9, 416.161e9, 401e9]);
    expect(ticks.map(axisMoney)).toEqual(['$0', '$100B', '$200B', '$300B', '$400B', '$500B']);
    expect(domain).toEqual([0, 500e9]);
    // Negative values (capital spending) get round ticks below zero as well.
    expect(zeroBasedAxis([-12.3e9, 41.7e9]).ticks.map(axisMoney)).toEqual(['-$20B', '$0', '$20B', '$40B', '$60B']);
  });
});
