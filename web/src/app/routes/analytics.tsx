import { AnalyticsPage } from '@/features/analytics/components/analytics-page';

export function Component() {
  return <AnalyticsPage />;
}
