/**
 * A ticker as the server takes it (`TickerSymbol` in the jobs crate): trimmed, upper-cased,
 * 1 to 10 of `A-Z 0-9 . -`. The messages are the server's own.
 */
export const SYMBOL_REQUIRED = 'Please enter a stock symbol';
export const SYMBOL_INVALID = "That doesn't look like a stock ticker. Tickers are up to 10 letters, like AAPL.";

export type ParsedTicker = { ok: true; symbol: string } | { ok: false; error: string };

export function parseTicker(raw: string): ParsedTicker {
  const symbol = raw.trim().toUpperCase();
  if (!symbol) return { ok: false, error: SYMBOL_REQUIRED };
  if (!/^[A-Z0-9.-]{1,10}$/.test(symbol)) return { ok: false, error: SYMBOL_INVALID };
  return { ok: true, symbol };
}
