import { describe, expect, it } from 'vitest';

import { compact, money, pct, relativeTime, shortDate } from './format';

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
