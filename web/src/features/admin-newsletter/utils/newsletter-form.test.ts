import { describe, expect, it } from 'vitest';

import type { AdminStock } from '@/types/generated/AdminStock';

import {
  DEFAULT_SETTINGS,
  MESSAGES,
  addEightyPlus,
  addTopFive,
  byScore,
  filterStocks,
  newsletterScoreClass,
  promptFields,
  validateNewsletter,
} from './newsletter-form';

const stock = (symbol: string, score: number, companyName = `${symbol} Corp`): AdminStock => ({
  symbol,
  score,
  companyName,
  scoreBasis: '12 of 12',
  rank: null,
  notRanked: null,
});
/** Ranked in score order, as the server ranks complete records. */
const STOCKS = [stock('KO', 61), stock('AAPL', 88), stock('TSLA', 42), stock('MSFT', 84), stock('JPM', 80), stock('O', 59), stock('NVDA', 91)]
  .sort((a, b) => b.score - a.score)
  .map((s, i) => ({ ...s, rank: i + 1 }));
/** Not ranked: a provisional 95 and an 85 with a data fault. */
const UNRANKED = [
  { ...stock('JPM-PC', 95), notRanked: 'provisional: 2 of 12 questions answered' },
  { ...stock('MCD', 85), notRanked: 'a data fault left questions unanswered' },
];

describe('newsletter form validation', () => {
  it('needs a stock first, with the spec message', () => {
    expect(validateNewsletter([], { templateId: 'weekly-roundup', customPrompt: '' })).toBe(
      'Please select at least one stock to analyze',
    );
  });

  it('needs a template or a custom prompt, with the spec message', () => {
    expect(validateNewsletter(['AAPL'], { templateId: null, customPrompt: '   ' })).toBe(
      'Please choose a template or write a custom prompt',
    );
    expect(MESSAGES.noPrompt).toBe('Please choose a template or write a custom prompt');
  });

  it('accepts a template or a custom prompt', () => {
    expect(validateNewsletter(['AAPL'], { templateId: 'red-flags', customPrompt: '' })).toBeNull();
    expect(validateNewsletter(['AAPL'], { templateId: null, customPrompt: 'Debt, please' })).toBeNull();
  });

  it('sends the custom prompt when there is one, else the template id', () => {
    expect(promptFields({ templateId: 'red-flags', customPrompt: '  Debt?  ' })).toEqual({ prompt: 'Debt?', isCustomPrompt: true });
    expect(promptFields({ templateId: 'red-flags', customPrompt: '' })).toEqual({ prompt: 'red-flags', isCustomPrompt: false });
  });

  it('defaults to the spec settings', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      length: 'medium',
      readerLevel: 'intermediate',
      analystAttitude: 'roast',
      format: 'sections',
      includeCharts: true,
    });
  });
});

describe('stock list', () => {
  it('sorts by score, best first', () => {
    expect(byScore(STOCKS).map((s) => s.symbol)).toEqual(['NVDA', 'AAPL', 'MSFT', 'JPM', 'KO', 'O', 'TSLA']);
  });

  it('adds the top five and keeps what was chosen', () => {
    expect(addTopFive(STOCKS, ['TSLA', 'AAPL'])).toEqual(['TSLA', 'AAPL', 'NVDA', 'MSFT', 'JPM', 'KO']);
  });

  it('adds every score of 80 or more', () => {
    expect(addEightyPlus(STOCKS, [])).toEqual(['NVDA', 'AAPL', 'MSFT', 'JPM']);
    expect(addEightyPlus(STOCKS, ['JPM'])).toEqual(['JPM', 'NVDA', 'AAPL', 'MSFT']);
  });

  it('never picks a provisional score or one with a data fault', () => {
    const all = [...UNRANKED, ...STOCKS];
    expect(addTopFive(all, [])).toEqual(['NVDA', 'AAPL', 'MSFT', 'JPM', 'KO']);
    expect(addEightyPlus(all, [])).toEqual(['NVDA', 'AAPL', 'MSFT', 'JPM']);
  });

  it('colours 80 or more green, 60 or more yellow, else red', () => {
    expect(newsletterScoreClass(80)).toBe('text-green-700');
    expect(newsletterScoreClass(79)).toBe('text-amber-700');
    expect(newsletterScoreClass(60)).toBe('text-amber-700');
    expect(newsletterScoreClass(59)).toBe('text-red-700');
  });

  it('filters by symbol or company name', () => {
    expect(filterStocks([stock('AAPL', 88, 'Apple Inc.'), stock('KO', 61, 'Coca-Cola')], 'apple').map((s) => s.symbol)).toEqual(['AAPL']);
    expect(filterStocks(STOCKS, '  ')).toHaveLength(STOCKS.length);
  });
});
