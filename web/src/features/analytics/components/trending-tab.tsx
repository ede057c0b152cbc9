import { useState } from 'react';
import { Link } from 'react-router';

import { TabList, tabPanelProps } from '@/components/ui/tabs';
import { TRENDING_PERIODS, type TrendingPeriod } from '@/config/constants';
import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';

import { useTrending } from '../api/get-trending';

const LABELS: Record<TrendingPeriod, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };

/** What folks have been looking at, from real page views (24h, 7d, 30d). */
export function TrendingTab() {
  const [period, setPeriod] = useState<TrendingPeriod>('24h');
  const { data, error, isLoading } = useTrending(period);
  const tabs = TRENDING_PERIODS.map((p) => ({ value: p, label: p }));

  return (
    <div className="space-y-4">
      <div className="max-w-xs">
        <TabList tabs={tabs} value={period} onChange={setPeriod} label="Trending period" idBase="trending" />
      </div>
      <div {...tabPanelProps('trending', period)}>
        <h3 className="mb-2 font-semibold text-stone-800">{LABELS[period]}</h3>
        {isLoading ? (
          <p role="status">Counting footprints on the porch...</p>
        ) : error ? (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">
            {userMessage(error, "The trending list didn't load. Please try again in a bit.")}
          </p>
        ) : !data || data.length === 0 ? (
          <p className="text-stone-600">Quiet as a Sunday morning. Nobody's looked anything up in this window yet.</p>
        ) : (
          <ol className="divide-y divide-amber-100 rounded-2xl border border-amber-200 bg-white" data-testid="trending-list">
            {data.map((s, i) => (
              <li key={s.symbol}>
                <Link to={paths.stock.getHref(s.symbol)} className="flex items-center gap-3 px-4 py-2 hover:bg-amber-50">
                  <span className="w-6 text-right text-stone-500">{i + 1}</span>
                  <span className="w-16 font-ticker font-bold text-amber-900">{s.symbol}</span>
                  <span className="flex-1 truncate text-stone-700">{s.companyName}</span>
                  <span className="text-sm text-stone-600">
                    {s.views.toLocaleString('en-US')} {s.views === 1 ? 'view' : 'views'}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}
