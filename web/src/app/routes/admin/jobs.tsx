import { JobsPage } from '@/features/admin-jobs/components/jobs-page';

export const Component = JobsPage;
