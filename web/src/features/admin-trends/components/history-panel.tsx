import { type FormEvent, useState } from 'react';

import { ChangeReasons, changeColour, signedChange } from '@/components/score-change/change-reasons';
import { Button } from '@/components/ui/button';
import { shortDate } from '@/utils/format';

import { useExplanation, useStockHistory } from '../api/trends';
import { HistoryChart } from '@/components/score-history/history-chart';
import { chartPoints } from '@/components/score-history/history-points';
import { ProvisionalMark } from './changes-table';

type Props = {
  /** The stock whose history is shown (set by a click on another tab, or Load History). */
  symbol: string | null;
  onLoad: (symbol: string) => void;
};

/** Stock History tab: symbol input, Load History, the chart, the table and why it moved. */
export function HistoryPanel({ symbol, onLoad }: Props) {
  const [input, setInput] = useState(symbol ?? '');
  const [shown, setShown] = useState(symbol);
  // A symbol picked on another tab replaces what was typed (state adjusted while rendering).
  if (symbol !== shown) {
    setShown(symbol);
    setInput(symbol ?? '');
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = input.trim().toUpperCase();
    if (next) onLoad(next);
  };
  return (
    <div className="space-y-4">
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="text-sm font-semibold text-stone-700">
          Symbol
          <input
            value={input}
            onChange={(e) => setInput(e.target.value)}
            className="ml-2 w-32 rounded-lg border border-amber-300 px-2 py-1 uppercase"
            placeholder="AAPL"
          />
        </label>
        <Button type="submit">Load History</Button>
      </form>
      {symbol ? <History symbol={symbol} /> : <p className="text-sm text-stone-600">Pick a stock to see its score by quarter.</p>}
    </div>
  );
}

function History({ symbol }: { symbol: string }) {
  const { data: history, error, isLoading } = useStockHistory(symbol);
  const twoQuarters = (history?.length ?? 0) >= 2;
  const { data: change } = useExplanation(twoQuarters ? symbol : null);
  if (isLoading) return <p className="text-sm text-stone-600">Loading {symbol}…</p>;
  if (error) return <p className="text-sm text-red-800">Could not load the history of {symbol}.</p>;
  if (!history || history.length === 0) {
    return <p className="text-sm text-stone-600">No stored quarters for {symbol} yet. Analyse it first.</p>;
  }
  return (
    <div className="space-y-4">
      <HistoryChart points={chartPoints(history)} />
      {change ? (
        <section aria-labelledby="why-title" className="space-y-2 rounded-xl bg-amber-50 p-3">
          <h3 id="why-title" className="font-semibold text-amber-900">
            Why {symbol} moved from {change.previousQuarter} to {change.currentQuarter}:{' '}
            <span className={changeColour(change.scoreChange)}>
              {change.previousScore ?? 'N/A'} → {change.currentScore ?? 'N/A'} ({signedChange(change.scoreChange)})
            </span>
          </h3>
          <ChangeReasons change={change} />
        </section>
      ) : null}
      <div className="overflow-x-auto">
        <table aria-label={`${symbol} score history`} className="w-full text-left text-sm">
          <thead className="text-xs text-stone-500">
            <tr className="border-b border-amber-200">
              <th scope="col" className="px-2 py-1">Quarter</th>
              <th scope="col" className="px-2 py-1">Score</th>
              <th scope="col" className="px-2 py-1">Company</th>
              <th scope="col" className="px-2 py-1">Industry</th>
              <th scope="col" className="px-2 py-1">Analysis Date</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h) => (
              <tr key={h.quarter} className="border-b border-amber-50">
                <td className="px-2 py-1">{h.quarter}</td>
                <td className="px-2 py-1">
                  {h.score ?? 'N/A'}
                  {h.provisional ? <ProvisionalMark reason={h.provisional_reason} /> : null}
                </td>
                <td className="px-2 py-1">{h.company_name ?? ''}</td>
                <td className="px-2 py-1">{h.industry ?? 'Unknown'}</td>
                <td className="px-2 py-1">{shortDate(h.analysis_date)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
