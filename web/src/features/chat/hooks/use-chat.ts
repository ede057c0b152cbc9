import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

import { ACCOUNT_KEY } from '@/lib/account';
import type { ChatUsage } from '@/types/api';

import { CHAT_USAGE_KEY } from '../api/get-chat-usage';
import { type ChatTurn, sendChatMessage } from '../api/send-chat-message';
import { type ChatNotice, noticeFor, SIGNUP_TEXT } from '../utils/chat-errors';

/** A message in the panel. Greetings and notices are the widget's own: never sent as history. */
export type ChatMessage = {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  kind: 'greeting' | 'message' | 'notice';
  notice?: ChatNotice['kind'];
};

/** Usage refetch delay after a send (spec 000 section 9). */
export const USAGE_REFETCH_MS = 100;

/**
 * The conversation of one widget (spec 000 section 4, chat widget): the reply streams into the
 * last assistant message; nothing is sent while a reply is pending; after a successful send the
 * cached usage is bumped at once (used +1, remaining -1, not below 0) and refetched ~100 ms later.
 */
export function useChat(symbol: string | null, signedIn: boolean) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState(false);
  const pendingRef = useRef(false);
  const nextId = useRef(1);
  const { mutate } = useSWRConfig();
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(refetchTimer.current), []);

  const push = useCallback((message: Omit<ChatMessage, 'id'>) => {
    const id = nextId.current++;
    setMessages((prev) => [...prev, { ...message, id }]);
    return id;
  }, []);


  const send = useCallback(
    async (raw: string) => {
      const message = raw.trim();
      if (!message || pendingRef.current) return false;
      if (!signedIn) {
        push({ role: 'assistant', content: SIGNUP_TEXT, kind: 'notice', notice: 'signup' });
        return false;
      }
      const history: ChatTurn[] = messages
        .filter((m) => m.kind === 'message')
        .map((m) => ({ role: m.role, content: m.content }));
      pendingRef.current = true;
      setPending(true);
      push({ role: 'user', content: message, kind: 'message' });
      const replyId = push({ role: 'assistant', content: '', kind: 'message' });
      const grow = (chunk: string) =>
        setMessages((prev) => prev.map((m) => (m.id === replyId ? { ...m, content: m.content + chunk } : m)));
      try {
        await sendChatMessage({ symbol, message, conversationHistory: history }, grow);
        void mutate<ChatUsage>(
          CHAT_USAGE_KEY,
          (u: ChatUsage | undefined) => (u ? { ...u, queriesUsed: u.queriesUsed + 1, queriesRemaining: Math.max(0, u.queriesRemaining - 1) } : u),
          { revalidate: false },
        );
        clearTimeout(refetchTimer.current);
        refetchTimer.current = setTimeout(() => {
          void mutate(CHAT_USAGE_KEY);
          void mutate(ACCOUNT_KEY);
        }, USAGE_REFETCH_MS);
        return true;
      } catch (error) {
        const notice = noticeFor(error);
        setMessages((prev) => [
          ...prev.filter((m) => !(m.id === replyId && m.content === '')),
          { id: nextId.current++, role: 'assistant', content: notice.text, kind: 'notice', notice: notice.kind },
        ]);
        if (notice.kind === 'out-of-queries') void mutate(CHAT_USAGE_KEY);
        return false;
      } finally {
        pendingRef.current = false;
        setPending(false);
      }
    },
    [messages, mutate, push, signedIn, symbol],
  );

  return { messages, pending, send };
}
