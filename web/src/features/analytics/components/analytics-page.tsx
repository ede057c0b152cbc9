import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { TabList, tabPanelProps } from '@/components/ui/tabs';
import { useAuthActions } from '@/lib/auth';
import { toast } from '@/lib/toast';

import { CompareTab } from './compare-tab';
import { TrendingTab } from './trending-tab';

const TABS = [
  { value: 'compare', label: 'Compare' },
  { value: 'trending', label: 'Trending' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** /analytics (protected): ?tab=compare (default) or ?tab=trending. */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'trending' ? 'trending' : 'compare';
  const { logout } = useAuthActions();

  const onLogout = async () => {
    try {
      await logout();
    } catch {
      toast({ title: 'Logout failed', variant: 'destructive' });
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <PageTitle title="Enhanced Analytics" subtitle="Stack companies side by side, or see what the neighbors are looking at." />
        </div>
        <Button variant="outline" onClick={onLogout}>
          Logout
        </Button>
      </div>
      <div className="max-w-sm">
        <TabList tabs={TABS} value={tab} onChange={(t) => setParams({ tab: t }, { replace: true })} label="Analytics" idBase="analytics" />
      </div>
      <div {...tabPanelProps('analytics', tab)}>{tab === 'compare' ? <CompareTab /> : <TrendingTab />}</div>
    </div>
  );
}
