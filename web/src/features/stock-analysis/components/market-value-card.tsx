import { useState } from 'react';

import type { AnalysisRecord } from '@/types/analysis';
import { dollars, shortDate } from '@/utils/format';

import { NoChartData } from './charts/chart-kit';
import { ChartSourcesContext, NO_SOURCES } from './charts/chart-sources';
import { MarketValueChart, PriceRangeChart } from './charts/market-charts';
import { ProvenanceList } from './provenance-list';

/** What $1000 invested 3 years ago is worth: the record's figure, else the last point's value in K x 1000. */
export function investmentOf1000(record: AnalysisRecord): number | null {
  if (record.investment1000 != null) return record.investment1000;
  const last = record.marketValue.at(-1);
  return last ? last.investmentK * 1000 : null;
}

/** The market value chart card with the $1000 statement, and the 3-year price range. */
export function MarketValueCard({ record }: { record: AnalysisRecord }) {
  const worth = investmentOf1000(record);
  const up = worth != null && worth >= 1000;
  // The charts' table numbers link to their sources (prices, share counts, market values),
  // listed under the card on demand; `question` 0 keeps their anchors apart from the cards'.
  const [sourcesOpen, setSourcesOpen] = useState(false);
  const [shownSource, setShownSource] = useState<string | null>(null);
  const sources = record.marketValueSources ?? NO_SOURCES;
  const links = {
    question: 0,
    sources,
    show: (label: string) => {
      setSourcesOpen(true);
      setShownSource(label);
    },
  };
  return (
    <ChartSourcesContext.Provider value={links}>
      <section aria-labelledby="market-value-title" className="grid gap-4 lg:grid-cols-5">
        <div className="rounded-2xl border border-amber-200 bg-white p-4 shadow-sm lg:col-span-3">
          <h2 id="market-value-title" className="font-serif text-xl font-bold text-amber-900">
            Market value, last 3 years
          </h2>
          {worth != null ? (
            <p className="mt-1 text-stone-800" data-testid="investment-statement">
              $1000 invested 3 years ago would be worth <strong className={up ? 'text-green-800' : 'text-red-800'}>{dollars(worth)}</strong> today.
              {up ? ' Not bad for sitting on your hands.' : ' That one stung a little.'}
            </p>
          ) : (
            <p className="mt-1 text-stone-600">There isn't 3 years of price history to tell what $1000 would have become.</p>
          )}
          <div className="mt-3">{record.marketValue.length > 1 ? <MarketValueChart points={record.marketValue} /> : <NoChartData />}</div>
          {record.priceNote ? (
            <p className="mt-2 text-sm text-stone-600" data-testid="price-note">
              {record.priceNote}
            </p>
          ) : null}
        </div>
        <div className="rounded-2xl border border-amber-200 bg-white p-4 shadow-sm lg:col-span-2">
          <h2 className="font-serif text-xl font-bold text-amber-900">Price range</h2>
          {record.priceRange ? (
            <>
              <p className="mt-1 text-sm text-stone-600">
                The 3-year low, today ({shortDate(record.priceRange.todayDate)}) and the 3-year high.
              </p>
              <div className="mt-3">
                <PriceRangeChart range={record.priceRange} />
              </div>
            </>
          ) : (
            <div className="mt-3">
              <NoChartData />
            </div>
          )}
        </div>
        {sources.cells.length > 0 ? (
          <div className="lg:col-span-5">
            <button
              type="button"
              aria-expanded={sourcesOpen}
              onClick={() => setSourcesOpen((o) => !o)}
              className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm text-stone-700 hover:bg-stone-50"
            >
              Where do these numbers come from?
            </button>
            {sourcesOpen ? (
              <div className="mt-2 rounded-xl bg-stone-50 p-3">
                <ProvenanceList items={[]} cik={record.cik} sources={sources} question={0} highlight={shownSource} />
              </div>
            ) : null}
          </div>
        ) : null}
      </section>
    </ChartSourcesContext.Provider>
  );
}
