import { NotesAdminPage } from '@/features/admin/components/notes-admin-page';

export const Component = NotesAdminPage;
