import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

import { SEARCH_DEBOUNCE_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { searchTickers, useTickerSearch } from '../api/search-tickers';

type TickerSearchProps = {
  /** 'hero' on the welcome card, 'header' in the stock page header. */
  variant?: 'hero' | 'header';
};

const TICKER_LIKE = /^[A-Za-z][A-Za-z.-]{0,9}$/;

/**
 * Ticker search with a dropdown (spec 000 "Home page" and "Stock detail page"):
 * debounced 500 ms, sent only for a non-empty trimmed query; the list (at most
 * 15rem tall) shows ticker and name, hides after a pick and shows again when
 * the query changes. Keyboard: arrows move, Enter picks, Escape closes.
 */
export function TickerSearch({ variant = 'hero' }: TickerSearchProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [pickedQuery, setPickedQuery] = useState<string | null>(null);
  const [dismissedQuery, setDismissedQuery] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const { data, isLoading } = useTickerSearch(debounced);
  const typed = query.trim();
  // Results are shown only for the text in the box: while a newer query waits for its
  // debounce or its answer, the previous query's list is not on screen.
  const current = typed !== '' && debounced.trim() === typed && !isLoading && data !== undefined;
  const results = current ? (data ?? []) : [];
  const listId = useId();
  const inputId = useId();

  const visible = pickedQuery !== query && dismissedQuery !== query;
  const open = results.length > 0 && visible;
  const noMatches = current && results.length === 0 && visible;

  const pick = (ticker: string) => {
    setQuery(ticker);
    setPickedQuery(ticker);
    setActive(-1);
    navigate(paths.stock.getHref(ticker.toUpperCase()));
  };

  // Enter picks the highlighted match, else the top match for the typed text (asking the
  // server now when its answer is not in yet), so "apple" opens AAPL, not a ticker "APPLE".
  // Only when nothing matches is ticker-like text opened as a ticker.
  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!typed) return;
    const chosen = open ? (results[active] ?? results[0]) : undefined;
    if (chosen) return pick(chosen.ticker);
    const hits = current ? results : await searchTickers(typed);
    if (hits[0]) return pick(hits[0].ticker);
    if (TICKER_LIKE.test(typed)) pick(typed.toUpperCase());
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault();
      setDismissedQuery(null);
      setActive((i) => Math.min(results.length - 1, i + 1));
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Escape') {
      setDismissedQuery(query);
      setActive(-1);
    }
  };

  const hero = variant === 'hero';
  return (
    <form role="search" onSubmit={(e) => void onSubmit(e)} className={`relative ${hero ? 'w-full' : 'w-full sm:w-72'}`}>
      <label htmlFor={inputId} className={hero ? 'mb-1 block font-semibold text-stone-800' : 'sr-only'}>
        Search for a stock by company name or ticker
      </label>
      <input
        id={inputId}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={hero ? 'Try "Apple" or "AAPL"' : 'Search stocks...'}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(-1);
          setDismissedQuery(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissedQuery(query)}
        onFocus={() => setDismissedQuery(null)}
        className={`w-full rounded-xl border border-amber-300 bg-white text-stone-900 shadow-inner placeholder:text-stone-500 focus:border-amber-600 focus:ring-2 focus:ring-amber-500 focus:outline-none ${hero ? 'px-4 py-3 text-lg' : 'px-3 py-2'}`}
      />
      {isLoading && debounced.trim() ? (
        <span className="absolute top-1/2 right-3 text-xs text-stone-400" aria-hidden="true">
          ...
        </span>
      ) : null}
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Matching stocks"
          className="absolute z-30 mt-1 max-h-60 w-full overflow-y-auto rounded-xl border border-amber-200 bg-white py-1 shadow-lg"
        >
          {results.map((hit, index) => (
            <li
              key={hit.ticker}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(hit.ticker)}
              className={`flex cursor-pointer items-baseline gap-3 px-3 py-2 ${index === active ? 'bg-amber-100' : 'hover:bg-amber-50'}`}
            >
              <span className="w-16 shrink-0 font-ticker font-bold text-amber-900">{hit.ticker}</span>
              <span className="truncate text-sm text-stone-700">{hit.name}</span>
            </li>
          ))}
        </ul>
      ) : noMatches ? (
        <p role="status" className="absolute z-30 mt-1 w-full rounded-xl border border-amber-200 bg-white px-3 py-2 text-sm text-stone-600 shadow-lg">
          No matches
        </p>
      ) : null}
    </form>
  );
}
