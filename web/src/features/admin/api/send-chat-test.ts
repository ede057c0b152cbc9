import { api } from '@/lib/api-client';
import type { ChatTestOut } from '@/types/api';

/** One earlier turn of the test conversation. */
export type ChatTestTurn = { role: 'user' | 'assistant'; content: string };

/** POST /api/admin/chat-test/{symbol} {message, conversationHistory}: the whole reply, no query spent. */
export const sendChatTest = (symbol: string, message: string, conversationHistory: ChatTestTurn[]) =>
  api.post<ChatTestOut>(`/api/admin/chat-test/${encodeURIComponent(symbol)}`, { message, conversationHistory });
