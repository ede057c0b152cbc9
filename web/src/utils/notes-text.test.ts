import { describe, expect, it } from 'vitest';

import { stripQuotes, wrapQuotes } from './notes-text';

describe('note quotes', () => {
  it('strips one pair of wrapping quotes and leaves inner quotes alone', () => {
    expect(stripQuotes('"Sells "iPhones" worldwide."')).toBe('Sells "iPhones" worldwide.');
    expect(stripQuotes('  "padded"  ')).toBe('padded');
    expect(stripQuotes('no quotes')).toBe('no quotes');
    expect(stripQuotes('"')).toBe('"');
    expect(stripQuotes('""')).toBe('');
  });

  it('round-trips what the editor shows, even a section that is one quotation', () => {
    expect(wrapQuotes('Sells phones.')).toBe('"Sells phones."');
    for (const shown of ['a\nb', '"We will grow," said the CEO."', '', 'x"']) {
      expect(stripQuotes(wrapQuotes(shown))).toBe(shown);
    }
  });
});
