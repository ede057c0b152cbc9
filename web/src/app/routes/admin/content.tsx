import { ContentAdminPage } from '@/features/admin-content/components/content-admin-page';

export const Component = ContentAdminPage;
