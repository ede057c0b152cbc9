import { useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { ScoreBadge } from '@/components/ui/score-badge';
import { TabList, tabPanelProps } from '@/components/ui/tabs';
import { POPULAR_TICKERS, TOP_STOCKS_COUNT } from '@/config/constants';
import { paths } from '@/config/paths';
import type { TopStock } from '@/types/api';

import { useTopStocks } from '../api/get-top-stocks';

/**
 * The static preview shown when the ranking call fails or is empty (spec 000
 * section 4). It names companies only: Bubba never shows a score he did not compute.
 */
export const PREVIEW_STOCKS: ReadonlyArray<Pick<TopStock, 'symbol' | 'companyName'>> = [
  { symbol: 'AAPL', companyName: 'Apple Inc.' },
  { symbol: 'MSFT', companyName: 'Microsoft Corporation' },
  { symbol: 'NVDA', companyName: 'NVIDIA Corporation' },
  { symbol: 'GOOGL', companyName: 'Alphabet Inc.' },
  { symbol: 'AMZN', companyName: 'Amazon.com, Inc.' },
  { symbol: 'META', companyName: 'Meta Platforms, Inc.' },
  { symbol: 'JPM', companyName: 'JPMorgan Chase & Co.' },
  { symbol: 'WMT', companyName: 'Walmart Inc.' },
  { symbol: 'TSLA', companyName: 'Tesla, Inc.' },
  { symbol: 'O', companyName: 'Realty Income Corporation' },
];

type TabValue = 'top' | 'popular';
const TABS = [
  { value: 'top', label: 'Top 25' },
  { value: 'popular', label: 'Popular Stocks' },
] as const;

/** Home tabs: Top 25 (Rank, Symbol, Company, Score) and the 8 popular tickers. */
export function TopStocksTabs() {
  const [tab, setTab] = useState<TabValue>('top');
  return (
    <section aria-label="Stock lists" className="space-y-3">
      <TabList tabs={TABS} value={tab} onChange={setTab} label="Stock lists" idBase="home-lists" />
      <div {...tabPanelProps('home-lists', tab)} className="rounded-2xl border border-amber-200 bg-white p-3 shadow-sm sm:p-4">
        {tab === 'top' ? <TopStocksTable /> : <PopularStocks />}
      </div>
    </section>
  );
}

function TopStocksTable() {
  const navigate = useNavigate();
  const { data, error, isLoading } = useTopStocks();
  if (isLoading) return <TableSkeleton />;

  const live = !error && data && data.length > 0;
  const rows: Array<{ symbol: string; companyName: string; score: number | null; scoreBasis: string | null }> = live
    ? data.slice(0, TOP_STOCKS_COUNT).map((s) => ({ ...s, score: s.score, scoreBasis: s.scoreBasis }))
    : PREVIEW_STOCKS.map((s) => ({ ...s, score: null, scoreBasis: null }));

  return (
    <>
      {!live ? (
        <p className="mb-3 text-sm text-stone-600" data-testid="top-stocks-preview">
          The leaderboard is still being tallied, so here's a preview of well-known companies. Click one and I'll score
          it for you.
        </p>
      ) : (
        <p className="mb-3 text-sm text-stone-600">
          The highest scores I've handed out. Only companies whose numbers I trust make the list: no provisional scores,
          no data faults, and a company with one of its own filing questions unanswered sits below the complete ones.
          Click a row for the whole story.
        </p>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{live ? 'Top 25 stocks by score' : 'Preview stocks'}</caption>
          <thead className="border-b border-amber-200 text-xs text-stone-500 uppercase">
            <tr>
              <th scope="col" className="px-2 py-2">Rank</th>
              <th scope="col" className="px-2 py-2">Symbol</th>
              <th scope="col" className="px-2 py-2">Company</th>
              <th scope="col" className="px-2 py-2 text-right">Score</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr
                key={row.symbol}
                onClick={() => navigate(paths.stock.getHref(row.symbol))}
                className="cursor-pointer border-b border-amber-100 last:border-0 hover:bg-amber-50"
              >
                <td className="px-2 py-2 text-stone-500">{index + 1}</td>
                <td className="px-2 py-2 font-ticker font-bold">
                  <Link to={paths.stock.getHref(row.symbol)} className="text-amber-900 hover:underline" onClick={(e) => e.stopPropagation()}>
                    {row.symbol}
                  </Link>
                </td>
                <td className="px-2 py-2 text-stone-700">{row.companyName}</td>
                <td className="px-2 py-2 text-right">
                  {row.score == null ? <span className="text-stone-500">-</span> : <ScoreBadge score={row.score} />}
                  {row.scoreBasis ? (
                    <span className="block text-xs text-stone-500" data-testid="score-basis">
                      on {row.scoreBasis}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading top stocks" className="space-y-2">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="h-8 animate-pulse rounded bg-amber-100" />
      ))}
    </div>
  );
}

function PopularStocks() {
  return (
    <>
      <p className="mb-3 text-sm text-stone-600">The usual suspects. Everybody's uncle has an opinion on these.</p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {POPULAR_TICKERS.map((ticker) => (
          <li key={ticker}>
            <Link
              to={paths.stock.getHref(ticker)}
              className="block rounded-xl border border-amber-300 bg-amber-50 px-3 py-3 text-center font-ticker text-lg font-bold text-amber-900 hover:bg-amber-100 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
            >
              {ticker}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
