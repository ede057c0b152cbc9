import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { AdminStock } from '@/types/generated/AdminStock';

import { addEightyPlus, addTopFive, byScore, filterStocks, newsletterScoreClass } from '../utils/newsletter-form';

type StockPickerProps = {
  stocks: AdminStock[];
  selected: string[];
  onChange: (selected: string[]) => void;
};

/** The analysed stocks, best score first, with search and the quick buttons (spec 001 section 2). */
export function StockPicker({ stocks, selected, onChange }: StockPickerProps) {
  const [search, setSearch] = useState('');
  const shown = filterStocks(byScore(stocks), search);
  const toggle = (symbol: string) =>
    onChange(selected.includes(symbol) ? selected.filter((s) => s !== symbol) : [...selected, symbol]);
  return (
    <Card className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">
          Stocks ({selected.length} of {stocks.length} selected)
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => onChange(addTopFive(stocks, selected))}>
            + Top 5 Scores
          </Button>
          <Button variant="outline" onClick={() => onChange(addEightyPlus(stocks, selected))}>
            + All 80+ Scores
          </Button>
          <Button variant="ghost" onClick={() => onChange([])}>
            Clear All
          </Button>
        </div>
      </div>
      <input
        type="search"
        aria-label="Search stocks"
        placeholder="Search by symbol or company"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="w-full rounded-lg border border-stone-300 px-3 py-2"
      />
      {stocks.length === 0 ? (
        <p className="text-sm text-stone-600">No analysed stocks yet: analyse a few first (the batch page does it in bulk).</p>
      ) : (
        <ul aria-label="Newsletter stocks" className="max-h-72 space-y-1 overflow-y-auto">
          {shown.map((s) => (
            <li key={s.symbol}>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={selected.includes(s.symbol)} onChange={() => toggle(s.symbol)} />
                <span className="w-16 font-semibold">{s.symbol}</span>
                <span className="flex-1 truncate">{s.companyName}</span>
                {s.notRanked ? (
                  <span className="text-xs text-stone-500" title="Not in the Top 25 or the quick picks">
                    not ranked: {s.notRanked}
                  </span>
                ) : (
                  <span className="text-xs text-stone-500" title="Rank in the Top 25 order (the quick picks follow it)">
                    #{s.rank}
                  </span>
                )}
                <span className={`font-semibold ${newsletterScoreClass(s.score)}`}>{s.score}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
