import { FREE_CHAT_QUERIES } from '@/config/constants';

import { ChatRequestError } from '../api/send-chat-message';

/**
 * What the assistant posts after a failed send (spec 000 section 8, chat):
 * - status 429, or a message containing 429: the out-of-free-chats prompt with 'Get More Queries';
 * - 'Authentication required': the sign-up prompt with 'Sign Up Free';
 * - anything else: 'I'm having technical difficulties. Please try again.'
 * Our one addition: the server's per-minute limit (a 429 with code `rate_limited`) shows its own
 * text, since telling that user they are out of queries would be wrong.
 */
export type ChatNotice =
  | { kind: 'out-of-queries'; text: string }
  | { kind: 'signup'; text: string }
  | { kind: 'slow-down'; text: string }
  | { kind: 'technical'; text: string };

export const OUT_OF_QUERIES_TEXT =
  "Well shoot... you've used up all your free chats with me. Top up and we'll keep the conversation going.";
export const SIGNUP_TEXT = `Sign up for a free account and you get ${FREE_CHAT_QUERIES} free queries to chat with me about any stock. No credit card, no suits.`;
export const TECHNICAL_TEXT = "I'm having technical difficulties. Please try again.";

export function noticeFor(error: unknown): ChatNotice {
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ChatRequestError ? error.status : null;
  const code = error instanceof ChatRequestError ? error.code : null;
  if (status === 429 && code === 'rate_limited') return { kind: 'slow-down', text: message };
  if (status === 429 || message.includes('429')) return { kind: 'out-of-queries', text: OUT_OF_QUERIES_TEXT };
  if (message.includes('Authentication required')) return { kind: 'signup', text: SIGNUP_TEXT };
  return { kind: 'technical', text: TECHNICAL_TEXT };
}
