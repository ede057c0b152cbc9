import { useId, useState } from 'react';

import { Card } from '@/components/ui/card';

type StockSelectorProps = { symbols: string[]; selected: string | null; onSelect: (symbol: string) => void };

/** The stocks with notes, filtered by a search box (spec 001 section 2). */
export function StockSelector({ symbols, selected, onSelect }: StockSelectorProps) {
  const [search, setSearch] = useState('');
  const id = useId();
  const query = search.trim().toUpperCase();
  const shown = query ? symbols.filter((s) => s.includes(query)) : symbols;
  return (
    <Card>
      <h2 className="font-serif text-xl font-bold text-amber-900">Select Stock</h2>
      <label htmlFor={`${id}-search`} className="mt-3 block text-sm font-semibold text-stone-800">
        Search stocks
      </label>
      <input
        id={`${id}-search`}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Filter symbols"
        className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2"
      />
      <label htmlFor={`${id}-select`} className="mt-3 block text-sm font-semibold text-stone-800">
        Stock symbol
      </label>
      <select
        id={`${id}-select`}
        value={selected ?? ''}
        onChange={(e) => e.target.value && onSelect(e.target.value)}
        className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2"
      >
        <option value="">{shown.length ? 'Choose a stock' : 'No stocks match'}</option>
        {shown.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
    </Card>
  );
}
