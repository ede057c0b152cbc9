import { ApiError } from '@/lib/api-client';

/**
 * The stock page's error banner texts (spec 000 section 8, "Stock analysis").
 * `kind` tells the page what else to do: 'signup' redirects to
 * /auth?signup=true after 2 s; 'rate' adds that the notes still work; 'unknown' (no such
 * company, or one the analysis does not cover) and 'signup' leave nothing else to show.
 */
export type AnalysisErrorKind = 'login' | 'signup' | 'daily' | 'rate' | 'unknown' | 'status' | 'other';
export type AnalysisError = { kind: AnalysisErrorKind; message: string };

export const ANALYSIS_MESSAGES = {
  login: 'Please log in to analyze stocks',
  daily: "You've reached your daily limit of 25 stock analyses. Please try again tomorrow.",
  signup: "You've used all your anonymous analyses. Please sign up to continue.",
  rate: 'We are experiencing rate limits on our data APIs. Please try again later...',
} as const;

/** Failure texts that mean "the data sources are struggling" (timeouts, refusals, rate limits). */
const RATE_LIKE = /time[d\s-]*out|rate.?limit|error analyzing stock|econnrefused|connection refused|etimedout|failed to fetch|networkerror|load failed/i;

/** A non-OK answer of GET /api/analyze-stock/{ticker}. */
export function analysisErrorFromStatus(status: number, serverMessage: string | null = null): AnalysisError {
  switch (status) {
    case 401:
      return { kind: 'login', message: ANALYSIS_MESSAGES.login };
    case 403:
      return { kind: 'signup', message: ANALYSIS_MESSAGES.signup };
    case 429:
      return { kind: 'daily', message: ANALYSIS_MESSAGES.daily };
    case 500:
    case 502:
    case 503:
    case 504:
      return { kind: 'rate', message: ANALYSIS_MESSAGES.rate };
    default:
      // Unknown ticker (404) and unsupported company (422) carry a message meant for people.
      if ((status === 404 || status === 422) && serverMessage) return { kind: 'unknown', message: serverMessage };
      return { kind: 'status', message: `Server responded with status: ${status}` };
  }
}

/** Said when a request was cut off (the page went away or the browser aborted it). */
export const INTERRUPTED_MESSAGE = 'The analysis was interrupted before it finished. Reload the page to try again.';

/** Internal prefixes ("AbortError: ", "TypeError: ", "Error: ") mean nothing to people. */
const INTERNAL_PREFIX = /^(?:\w*(?:Error|Exception)\s*:\s*)+/;

/**
 * A failure that is not an HTTP status: a failed job, a dropped connection, a timeout. The
 * server's failure texts are written for people (what happened, what to do next), so they are
 * shown as they are, without internal prefixes (spec: "show the message").
 */
export function analysisErrorFromMessage(message: string): AnalysisError {
  if (RATE_LIKE.test(message)) return { kind: 'rate', message: ANALYSIS_MESSAGES.rate };
  const text = message.replace(INTERNAL_PREFIX, '').trim();
  if (!text || /^abort/i.test(text)) return { kind: 'other', message: INTERRUPTED_MESSAGE };
  return { kind: 'other', message: text };
}

/** Anything thrown while analysing, mapped to the banner. */
export function toAnalysisError(error: unknown): AnalysisError {
  if (error instanceof ApiError) return analysisErrorFromStatus(error.status, error.serverMessage);
  if (error instanceof SyntaxError) return { kind: 'other', message: `Error parsing data: ${error.message}` };
  if (error instanceof Error && error.name === 'AbortError') return { kind: 'other', message: INTERRUPTED_MESSAGE };
  if (error instanceof Error) return analysisErrorFromMessage(error.message || error.name);
  return analysisErrorFromMessage(String(error));
}
