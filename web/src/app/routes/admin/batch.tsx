import { BatchPage } from '@/features/admin-batch/components/batch-page';

export function Component() {
  return <BatchPage />;
}
