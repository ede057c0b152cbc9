import { describe, expect, it } from 'vitest';

import { parseTicker, SYMBOL_INVALID, SYMBOL_REQUIRED } from './ticker';

describe('parseTicker', () => {
  it('trims and upper-cases any valid ticker, with or without notes', () => {
    expect(parseTicker(' brk.b ')).toEqual({ ok: true, symbol: 'BRK.B' });
    expect(parseTicker('msft')).toEqual({ ok: true, symbol: 'MSFT' });
  });

  it("refuses junk with the server's messages", () => {
    expect(parseTicker('  ')).toEqual({ ok: false, error: SYMBOL_REQUIRED });
    for (const bad of ["AAPL'--", 'TOOLONGTICKER', 'A B', 'ÅPL']) expect(parseTicker(bad)).toEqual({ ok: false, error: SYMBOL_INVALID });
  });
});
