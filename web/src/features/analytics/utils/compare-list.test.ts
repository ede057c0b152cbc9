import { describe, expect, it } from 'vitest';

import { addTicker, isCompareFull, overallFromScores, removeTicker } from './compare-list';

describe('compare list', () => {
  it('upper-cases and trims', () => {
    expect(addTicker([], '  aapl ')).toEqual({ list: ['AAPL'], added: true });
  });

  it('ignores blank input', () => {
    expect(addTicker(['AAPL'], '   ')).toEqual({ list: ['AAPL'], added: false, reason: 'blank' });
  });

  it('ignores duplicates, whatever the case', () => {
    expect(addTicker(['AAPL'], 'aapl')).toEqual({ list: ['AAPL'], added: false, reason: 'duplicate' });
  });

  it('holds at most 3 tickers', () => {
    let list: string[] = [];
    for (const t of ['aapl', 'msft', 'nvda', 'goog']) list = addTicker(list, t).list;
    expect(list).toEqual(['AAPL', 'MSFT', 'NVDA']);
    expect(addTicker(list, 'goog').reason).toBe('full');
    expect(isCompareFull(list)).toBe(true);
  });

  it('removes a ticker and frees a place', () => {
    const list = removeTicker(['AAPL', 'MSFT', 'NVDA'], 'MSFT');
    expect(list).toEqual(['AAPL', 'NVDA']);
    expect(isCompareFull(list)).toBe(false);
  });

  it('scores the answered questions out of 100', () => {
    expect(overallFromScores([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10])).toBe(100);
    expect(overallFromScores([7, 5, null, 9])).toBe(70);
    expect(overallFromScores([null, null])).toBeNull();
  });
});
