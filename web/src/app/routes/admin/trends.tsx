import { TrendsPage } from '@/features/admin-trends/components/trends-page';

export function Component() {
  return <TrendsPage />;
}
