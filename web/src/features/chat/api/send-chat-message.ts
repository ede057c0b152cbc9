import { ApiError, apiFetch } from '@/lib/api-client';

/** One earlier turn sent as `conversationHistory` (spec 000 section 3, chat message). */
export type ChatTurn = { role: 'user' | 'assistant'; content: string };

export type SendChatInput = {
  /** `null` on the home page (generic chat), else the stock's symbol. */
  symbol: string | null;
  message: string;
  conversationHistory: ChatTurn[];
};

/** The error a failed send raises: the server's `error` field (or the default text) and the status. */
export class ChatRequestError extends Error {
  readonly status: number | null;
  /** The server's `code` (`out_of_queries`, `rate_limited`, ...) when it sent one. */
  readonly code: string | null;
  constructor(message: string, status: number | null = null, code: string | null = null) {
    super(message);
    this.name = 'ChatRequestError';
    this.status = status;
    this.code = code;
  }
}

export const CHAT_REQUEST_FAILED = 'Chat request failed';
export const NO_RESPONSE_STREAM = 'No response stream available';

export const chatUrl = (symbol: string | null) =>
  symbol ? `/api/chat/${encodeURIComponent(symbol)}` : '/api/chat/generic';

/**
 * POST /api/chat/{symbol} or /api/chat/generic: the reply streams as plain text and
 * `onChunk` gets each piece as it arrives (spec 000 section 7). A non-OK answer's body is
 * read as text, JSON-parsed if possible, and its `error` field becomes the message.
 */
export async function sendChatMessage(input: SendChatInput, onChunk: (text: string) => void): Promise<string> {
  let res: Response;
  try {
    res = await apiFetch(chatUrl(input.symbol), {
      method: 'POST',
      body: { message: input.message, conversationHistory: input.conversationHistory },
    });
  } catch (error) {
    if (error instanceof ApiError) throw chatErrorFrom(error);
    throw new ChatRequestError(error instanceof Error && error.message ? error.message : CHAT_REQUEST_FAILED);
  }
  if (!res.body) throw new ChatRequestError(NO_RESPONSE_STREAM);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let whole = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const text = decoder.decode(value, { stream: true });
    if (text) {
      whole += text;
      onChunk(text);
    }
  }
  const tail = decoder.decode();
  if (tail) {
    whole += tail;
    onChunk(tail);
  }
  return whole;
}

function chatErrorFrom(error: ApiError): ChatRequestError {
  let message = error.body;
  let code: string | null = null;
  try {
    const parsed = JSON.parse(error.body) as { error?: unknown; code?: unknown };
    if (typeof parsed.error === 'string') message = parsed.error;
    if (typeof parsed.code === 'string') code = parsed.code;
  } catch {
    // Plain text body: used as is.
  }
  return new ChatRequestError(message || CHAT_REQUEST_FAILED, error.status, code);
}
