import { describe, expect, it } from 'vitest';

import { matchesSearch } from './match-search';

describe('all-changes search', () => {
  const row = { tickerSymbol: 'NVDA', companyName: 'NVIDIA CORP', industry: 'Semiconductors', sector: 'Technology' };
  it.each([
    ['nvda', true],
    ['nvidia', true],
    ['semi', true],
    ['TECHNOLOGY', true],
    ['', true],
    ['bank', false],
  ])('"%s" matches: %s', (query, expected) => {
    expect(matchesSearch(row, query)).toBe(expected);
  });
});
