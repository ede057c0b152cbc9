import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { shortDate } from '@/utils/format';

import { useKvStocks, useKvTotals } from '../api/get-kv-stocks';
import { kb, storageTotals } from '../utils/storage-totals';

/** `/admin/kv` (spec 001 section 2): storage totals over every stock and the per-stock list, 100 at a time. */
export function StoragePage() {
  const { rows: stocks, error, isLoading, hasMore, loadingMore, loadMore } = useKvStocks();
  // The totals have their own call; the list still shows when it fails.
  const { data: kept } = useKvTotals();
  if (isLoading) return <Spinner label="Loading storage" />;
  if (error) {
    console.warn('Storage list failed to load', error);
    return (
      <Card className="mx-auto max-w-md text-center">
        <h1 className="font-serif text-2xl font-bold text-amber-900">Access Denied</h1>
        <p className="mt-2 text-stone-600">You don't have permission to access this admin page.</p>
      </Card>
    );
  }
  const totals = kept ? storageTotals(kept) : undefined;
  return (
    <div className="space-y-6">
      <PageTitle title="Admin Storage Overview" subtitle="What each stock takes up in the database." />
      <dl className="grid gap-4 sm:grid-cols-3">
        {[
          ['Stocks with data', totals ? String(totals.stocks) : '—'],
          ['Total storage', totals ? kb(totals.totalBytes) : '—'],
          ['Average per stock', totals ? kb(totals.averageBytes) : '—'],
        ].map(([label, value]) => (
          // A <div> (not Card's <section>): a <dl> may hold only dt/dd groups in divs.
          <div key={label} className="rounded-2xl border border-amber-200 bg-white p-6 shadow-sm">
            <dt className="text-sm text-stone-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-amber-900">{value}</dd>
          </div>
        ))}
      </dl>
      <Card>
        {stocks.length === 0 ? (
          <p className="text-stone-600">Nothing stored yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-stone-600">
                <th className="py-2">Symbol</th>
                <th>Size</th>
                <th>Status</th>
                <th>Last updated</th>
              </tr>
            </thead>
            <tbody>
              {stocks.map((s) => (
                <tr key={s.symbol} className="border-t border-stone-200">
                  <td className="py-2 font-semibold">{s.symbol}</td>
                  <td>{kb(s.dataSize)}</td>
                  <td>
                    {s.hasData ? (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">Data Available</span>
                    ) : (
                      <span className="text-stone-500">Empty</span>
                    )}
                  </td>
                  <td>{s.lastUpdated ? shortDate(s.lastUpdated) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {hasMore ? (
          <Button variant="outline" className="mt-4" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Show more'}
          </Button>
        ) : null}
      </Card>
    </div>
  );
}
