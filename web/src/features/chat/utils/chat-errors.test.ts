import { describe, expect, it } from 'vitest';

import { ChatRequestError } from '../api/send-chat-message';

import { noticeFor, OUT_OF_QUERIES_TEXT, SIGNUP_TEXT, TECHNICAL_TEXT } from './chat-errors';

describe('chat error catalogue (spec 000 section 8)', () => {
  it('maps a 429, or a message containing 429, to the out-of-chats prompt', () => {
    expect(noticeFor(new ChatRequestError('whatever', 429))).toEqual({ kind: 'out-of-queries', text: OUT_OF_QUERIES_TEXT });
    expect(noticeFor(new Error('429: Too Many Requests')).kind).toBe('out-of-queries');
    expect(OUT_OF_QUERIES_TEXT.startsWith('Well shoot...')).toBe(true);
  });

  it("maps 'Authentication required' to the sign-up prompt with the 50 free queries", () => {
    expect(noticeFor(new ChatRequestError('Authentication required', 401))).toEqual({ kind: 'signup', text: SIGNUP_TEXT });
    expect(SIGNUP_TEXT).toContain('50 free queries');
  });

  it('maps anything else to the technical-difficulties line', () => {
    expect(noticeFor(new ChatRequestError('Chat request failed'))).toEqual({ kind: 'technical', text: TECHNICAL_TEXT });
    expect(noticeFor(new ChatRequestError('No response stream available')).text).toBe(
      "I'm having technical difficulties. Please try again.",
    );
  });
});
