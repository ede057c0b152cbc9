import { type FormEvent, type KeyboardEvent, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LinkedText } from '@/components/ui/linked-text';
import { PageTitle } from '@/components/ui/page-title';
import { PERSONA_NAME } from '@/config/constants';

import { type ChatTestTurn, sendChatTest } from '../api/send-chat-test';

/** The five fixed test stocks (spec 001 section 2). */
export const TEST_STOCKS = ['AAPL', 'TR', 'TSLA', 'HIMS', 'PLTR'] as const;

export const CHAT_TEST_APOLOGY = 'Sorry, I encountered an error processing your request. Please try again.';

const greeting = (symbol: string) =>
  `Howdy! I'm ${PERSONA_NAME}. This is a test chat about ${symbol}: ask me anything and I'll answer from what I know about it.`;

/** `/admin/chat-test`: pick a stock, Start Chat, then talk to the real engine (no query spent). */
export function ChatTestPage() {
  const [symbol, setSymbol] = useState<string>(TEST_STOCKS[0]);
  const [messages, setMessages] = useState<ChatTestTurn[] | null>(null);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState(false);

  const start = () => {
    setMessages([{ role: 'assistant', content: greeting(symbol) }]);
    setDraft('');
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const message = draft.trim();
    if (!message || !messages || pending) return;
    // The greeting is ours, not the engine's: it is not sent as history.
    const history = messages.slice(1);
    setMessages([...messages, { role: 'user', content: message }]);
    setDraft('');
    setPending(true);
    try {
      const { response } = await sendChatTest(symbol, message, history);
      setMessages((m) => [...(m ?? []), { role: 'assistant', content: response }]);
    } catch (error) {
      console.warn('Chat test failed', error);
      setMessages((m) => [...(m ?? []), { role: 'assistant', content: CHAT_TEST_APOLOGY }]);
    } finally {
      setPending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <div className="space-y-6">
      <PageTitle title="Admin Chat Test" subtitle="Try the chat on a test stock. No queries are spent." />
      <Card className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="chat-test-stock" className="block text-sm font-semibold text-stone-800">
            Test stock
          </label>
          <select
            id="chat-test-stock"
            value={symbol}
            onChange={(e) => {
              setSymbol(e.target.value);
              setMessages(null);
            }}
            className="mt-1 rounded-lg border border-stone-300 px-3 py-2"
          >
            {TEST_STOCKS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <Button onClick={start}>Start Chat</Button>
      </Card>
      {messages ? (
        <Card className="space-y-3">
          <ol aria-label={`Chat about ${symbol}`} className="space-y-2">
            {messages.map((m, i) => (
              <li
                key={i}
                data-role={m.role}
                className={`rounded-lg p-3 whitespace-pre-line ${m.role === 'user' ? 'ml-8 bg-amber-100' : 'mr-8 bg-stone-100'}`}
              >
                <LinkedText content={m.content} />
              </li>
            ))}
          </ol>
          {pending ? <p role="status">{PERSONA_NAME} is thinking...</p> : null}
          <form onSubmit={send} className="flex gap-2">
            <label htmlFor="chat-test-message" className="sr-only">
              Message
            </label>
            <textarea
              id="chat-test-message"
              value={draft}
              rows={2}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Ask a question and press Enter"
              className="flex-1 rounded-lg border border-stone-300 px-3 py-2"
            />
            <Button type="submit" disabled={pending || !draft.trim()}>
              Send
            </Button>
          </form>
        </Card>
      ) : null}
    </div>
  );
}
