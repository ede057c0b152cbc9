import { describe, expect, it } from 'vitest';

import { remainingQueries, usageLevel } from './usage';

describe('remaining queries', () => {
  it('is limit minus used', () => expect(remainingQueries(50, 12)).toBe(38));
  it('never goes below 0', () => expect(remainingQueries(50, 60)).toBe(0));
});

describe('usage thresholds', () => {
  it('below 80% of the limit is ok (badge only)', () => {
    expect(usageLevel(0, 50)).toBe('ok');
    expect(usageLevel(39, 50)).toBe('ok');
  });
  it('from 80% up to the limit is low', () => {
    expect(usageLevel(40, 50)).toBe('low');
    expect(usageLevel(49, 50)).toBe('low');
  });
  it('at or above the limit is exhausted', () => {
    expect(usageLevel(50, 50)).toBe('exhausted');
    expect(usageLevel(51, 50)).toBe('exhausted');
  });
  it('a zero limit is exhausted', () => expect(usageLevel(0, 0)).toBe('exhausted'));
});
