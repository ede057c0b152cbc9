import { StoragePage } from '@/features/admin/components/storage-page';

export const Component = StoragePage;
