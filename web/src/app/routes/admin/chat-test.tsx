import { ChatTestPage } from '@/features/admin/components/chat-test-page';

export const Component = ChatTestPage;
