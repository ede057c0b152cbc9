import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { TabList, tabPanelProps } from '@/components/ui/tabs';

import { useMostDeclined, useMostImproved, useQuarterlyChanges } from '../api/trends';
import { matchesSearch } from '../utils/match-search';
import { BackfillCard } from './backfill-card';
import { ChangesTable } from './changes-table';
import { HistoryPanel } from './history-panel';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'changes', label: 'All Changes' },
  { value: 'history', label: 'Stock History' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** /admin/trends: quarterly score changes, the biggest movers, one stock's history and why it moved. */
export function TrendsPage() {
  const [tab, setTab] = useState<Tab>('overview');
  const [symbol, setSymbol] = useState<string | null>(null);
  const pick = (next: string) => {
    setSymbol(next);
    setTab('history');
  };
  return (
    <div className="space-y-5">
      <PageTitle title="Quarterly Score Trends" subtitle="Who got sturdier, who got shakier, and the filing that says why." />
      <div className="max-w-lg">
        <TabList tabs={TABS} value={tab} onChange={setTab} label="Trends" idBase="trends" />
      </div>
      <div {...tabPanelProps('trends', tab)}>
        {tab === 'overview' ? <Overview onPick={pick} /> : null}
        {tab === 'changes' ? <AllChanges onPick={pick} /> : null}
        {tab === 'history' ? <HistoryPanel symbol={symbol} onLoad={setSymbol} /> : null}
      </div>
    </div>
  );
}

function Overview({ onPick }: { onPick: (symbol: string) => void }) {
  const { data: improved = [] } = useMostImproved();
  const { data: declined = [] } = useMostDeclined();
  const { rows: changes, isLoading } = useQuarterlyChanges();
  // With no stock holding two quarters there is no "previous quarter" to have gone up from.
  const noHistory = !isLoading && changes.length === 0;
  const noneYet = 'No stock has two stored quarters yet.';
  return (
    <div className="space-y-4">
      <BackfillCard empty={noHistory} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <h2 className="mb-2 font-serif text-xl font-bold text-green-800">Most Improved</h2>
          <ChangesTable label="Most Improved" rows={improved} onPick={onPick} empty={noHistory ? noneYet : 'No score went up since the previous quarter.'} />
        </Card>
        <Card>
          <h2 className="mb-2 font-serif text-xl font-bold text-red-800">Most Declined</h2>
          <ChangesTable label="Most Declined" rows={declined} onPick={onPick} empty={noHistory ? noneYet : 'No score went down since the previous quarter.'} />
        </Card>
      </div>
    </div>
  );
}

function AllChanges({ onPick }: { onPick: (symbol: string) => void }) {
  const { rows: changes, hasMore, loadingMore, loadMore } = useQuarterlyChanges();
  const [query, setQuery] = useState('');
  const rows = changes.filter((row) => matchesSearch(row, query));
  return (
    <Card>
      <label className="mb-3 block text-sm font-semibold text-stone-700">
        Search
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Symbol, company, industry or sector"
          className="ml-2 w-72 rounded-lg border border-amber-300 px-2 py-1 font-normal"
        />
      </label>
      <ChangesTable
        label="All Changes"
        rows={rows}
        onPick={onPick}
        wide
        empty={changes.length === 0 ? 'No stock has two stored quarters yet.' : 'No change matches that search.'}
      />
      {hasMore ? (
        <Button variant="outline" className="mt-4" onClick={loadMore} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
    </Card>
  );
}
