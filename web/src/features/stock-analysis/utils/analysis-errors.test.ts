import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { INTERRUPTED_MESSAGE, analysisErrorFromMessage, analysisErrorFromStatus, toAnalysisError } from './analysis-errors';

describe('analysis error mapping (spec 000 section 8)', () => {
  it('401 asks to log in', () => {
    expect(analysisErrorFromStatus(401)).toEqual({ kind: 'login', message: 'Please log in to analyze stocks' });
  });

  it('403 ends the anonymous trial (and the page redirects to sign-up)', () => {
    expect(analysisErrorFromStatus(403)).toEqual({
      kind: 'signup',
      message: "You've used all your anonymous analyses. Please sign up to continue.",
    });
  });

  it('429 is the daily limit', () => {
    expect(analysisErrorFromStatus(429)).toEqual({
      kind: 'daily',
      message: "You've reached your daily limit of 25 stock analyses. Please try again tomorrow.",
    });
  });

  it.each([500, 504, 502, 503])('%i is the rate-limit text', (status) => {
    expect(analysisErrorFromStatus(status)).toEqual({
      kind: 'rate',
      message: 'We are experiencing rate limits on our data APIs. Please try again later...',
    });
  });

  it('other statuses say the code', () => {
    expect(analysisErrorFromStatus(418).message).toBe('Server responded with status: 418');
    expect(analysisErrorFromStatus(404).message).toBe('Server responded with status: 404');
  });

  it('unknown and unsupported tickers show the server message', () => {
    expect(analysisErrorFromStatus(404, 'No company with ticker ZZZZ.').message).toBe('No company with ticker ZZZZ.');
    expect(analysisErrorFromStatus(422, 'IFRS filers are not supported yet.').message).toBe('IFRS filers are not supported yet.');
  });

  it('timeouts, refusals and rate limits in a message are the rate-limit text', () => {
    for (const text of ['request timed out', 'Timeout waiting', 'connect ECONNREFUSED', 'Error analyzing stock: x', 'upstream rate limit hit', 'Failed to fetch']) {
      expect(analysisErrorFromMessage(text).kind).toBe('rate');
    }
  });

  it('other messages are shown as written, without internal prefixes', () => {
    expect(analysisErrorFromMessage('disk full').message).toBe('disk full');
    expect(analysisErrorFromMessage('AbortError: I can\'t score TSM yet: it reports under IFRS.').message).toBe(
      "I can't score TSM yet: it reports under IFRS.",
    );
    expect(analysisErrorFromMessage('Error: TypeError: boom').message).toBe('boom');
    expect(analysisErrorFromMessage('AbortError: ').message).toBe(INTERRUPTED_MESSAGE);
  });

  it('an aborted request says what happened and what to do next', () => {
    expect(toAnalysisError(new DOMException('Aborted', 'AbortError')).message).toBe(INTERRUPTED_MESSAGE);
  });

  it('maps thrown errors', () => {
    expect(toAnalysisError(new ApiError(403, '403: {}', '{}')).kind).toBe('signup');
    expect(toAnalysisError(new SyntaxError('Unexpected token')).message).toBe('Error parsing data: Unexpected token');
    expect(toAnalysisError(new TypeError('Failed to fetch')).kind).toBe('rate');
  });
});
