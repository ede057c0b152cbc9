import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

import { FREE_CHAT_QUERIES, PERSONA_NAME, PRODUCT_NAME } from '@/config/constants';
import { useUser } from '@/lib/auth';
import { usageLevel } from '@/utils/usage';

import { useChatUsage } from '../api/get-chat-usage';
import { type ChatMessage, useChat } from '../hooks/use-chat';

import { ChatMessageBubble } from './chat-message';
import { UsageNotice } from './usage-notice';

type ChatWidgetProps = {
  /** The stock of the page, or null on the home page (generic chat). */
  symbol?: string | null;
  companyName?: string | null;
};

export const PLACEHOLDER = 'Ask about this stock...';
/** The home page's chat is about no stock in particular. */
export const GENERIC_PLACEHOLDER = `Ask ${PERSONA_NAME} about any stock...`;
export const LIMIT_PLACEHOLDER = 'Monthly query limit reached';

/** The first-open greeting: signed in names the symbol and company; anonymous invites a sign-up. */
export function greeting(signedIn: boolean, symbol: string | null, companyName: string | null): string {
  if (!signedIn) {
    return `Howdy! I'm ${PERSONA_NAME}. Sign up for a free account and you get ${FREE_CHAT_QUERIES} free queries to ask me about ${
      symbol ?? 'any stock'
    }.`;
  }
  if (!symbol) return `Howdy! I'm ${PERSONA_NAME}. Ask me about investing basics, or open a stock page and ask me about that company.`;
  const name = companyName ? `${companyName} (${symbol})` : symbol;
  return `Howdy! I'm ${PERSONA_NAME}. Ask me anything about ${name}: the score and why, the debt, how sales grew, or whether it's expensive.`;
}

/**
 * The floating chat widget (spec 000 sections 2, 4, 5, 8, 9): a round button bottom right; open,
 * a 384x500 panel titled '{product} about {symbol}' with a message area of at most 350 px.
 */
export function ChatWidget({ symbol = null, companyName = null }: ChatWidgetProps) {
  const { isSignedIn, isLoading: userLoading } = useUser();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const { messages, pending, send } = useChat(symbol, isSignedIn);
  const { usage } = useChatUsage(open && isSignedIn);
  const exhausted = usage ? usageLevel(usage.queriesUsed, usage.queriesLimit) === 'exhausted' : false;
  const disabled = pending || !isSignedIn || exhausted;
  const title = symbol ? `${PRODUCT_NAME} about ${symbol}` : PRODUCT_NAME;
  const list = useRef<HTMLUListElement>(null);

  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const wasOpen = useRef(false);
  // Keyboard: opening moves focus into the panel (the message box, or Close when it cannot be
  // typed in), closing gives it back to the round button; Escape closes.
  useEffect(() => {
    if (open) (input.current && !input.current.disabled ? input.current : closeButton.current)?.focus();
    else if (wasOpen.current) openButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  // The message box is disabled while a reply streams, which drops its focus to the page; when
  // the reply is in, a keyboard user is put back where they were typing.
  useEffect(() => {
    if (open && !pending && document.activeElement === document.body) input.current?.focus();
  }, [open, pending]);

  // Keep the newest text in view as the reply grows.
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages, open]);

  // The greeting belongs to the panel, not the conversation: it shows from the first open (once
  // the user is known) and is never sent as history.
  const shown: ChatMessage[] = userLoading
    ? messages
    : [
        {
          id: 0,
          role: 'assistant',
          kind: 'greeting',
          content: greeting(isSignedIn, symbol, companyName),
          notice: isSignedIn ? undefined : 'signup',
        },
        ...messages,
      ];

  const submit = () => {
    if (!draft.trim() || pending) return;
    const text = draft;
    setDraft('');
    void send(text);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      submit();
    }
  };

  if (!open) {
    return (
      <button
        ref={openButton}
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Chat with ${PRODUCT_NAME}`}
        className="fixed right-4 bottom-4 z-40 flex size-14 items-center justify-center rounded-full bg-amber-700 text-2xl text-white shadow-lg hover:bg-amber-800 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
      >
        <span aria-hidden="true">💬</span>
      </button>
    );
  }

  return (
    <section
      aria-label={title}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false);
      }}
      className="fixed right-4 bottom-4 z-40 flex h-[500px] w-[384px] max-w-[calc(100vw-2rem)] flex-col rounded-2xl border border-amber-200 bg-white shadow-xl"
    >
      <header className="flex items-center justify-between rounded-t-2xl bg-amber-700 px-4 py-3 text-white">
        <h2 className="font-serif text-lg font-bold">{title}</h2>
        <button ref={closeButton} type="button" onClick={() => setOpen(false)} aria-label="Close chat" className="rounded px-2 text-xl hover:bg-amber-800">
          ×
        </button>
      </header>
      <ul ref={list} className="max-h-[350px] flex-1 space-y-2 overflow-y-auto p-3" data-testid="chat-messages" aria-live="polite" aria-busy={pending}>
        {shown.map((m) => (
          <ChatMessageBubble key={m.id} message={m} />
        ))}
      </ul>
      <div className="space-y-2 border-t border-amber-100 p-3">
        {isSignedIn && usage ? <UsageNotice usage={usage} /> : null}
        <div className="flex items-end gap-2">
          <textarea
            ref={input}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            disabled={disabled}
            rows={2}
            aria-label="Message"
            placeholder={exhausted ? LIMIT_PLACEHOLDER : symbol ? PLACEHOLDER : GENERIC_PLACEHOLDER}
            className="min-h-10 flex-1 resize-none rounded-lg border border-amber-300 px-3 py-2 text-sm disabled:bg-stone-100"
          />
          {pending ? (
            <span role="status" className="flex size-10 items-center justify-center">
              <span aria-hidden="true" className="size-6 animate-spin rounded-full border-4 border-amber-200 border-t-amber-700" />
              <span className="sr-only">{PERSONA_NAME} is thinking</span>
            </span>
          ) : (
            <button
              type="button"
              onClick={submit}
              disabled={disabled || !draft.trim()}
              className="h-10 rounded-lg bg-amber-700 px-3 text-sm font-semibold text-white disabled:opacity-50"
            >
              Send
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
