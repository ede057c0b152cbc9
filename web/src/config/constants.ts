/** Product-wide names, links and limits (spec 000 section 9). */
export const PRODUCT_NAME = 'Ask Bubba';
export const PERSONA_NAME = 'Bubba';
export const TAGLINE = 'Investing for the rest of us. No suits required.';

/** The external newsletter (drawer link). Override at build time with VITE_NEWSLETTER_URL. */
export const NEWSLETTER_URL: string =
  (import.meta.env.VITE_NEWSLETTER_URL as string | undefined) ?? 'https://askbubba.substack.com';

export const ANONYMOUS_FREE_ANALYSES = 3;
export const DAILY_ANALYSES = 25;
export const FREE_CHAT_QUERIES = 50;
/** Share of the chat allowance from which the low-queries warning shows. */
export const LOW_QUERY_RATIO = 0.8;

export const SEARCH_DEBOUNCE_MS = 500;
export const TICKER_SEARCH_LIMIT = 100;

export const TOP_STOCKS_COUNT = 25;
export const TOP_STOCKS_PREVIEW_COUNT = 10;
export const POPULAR_TICKERS = ['AAPL', 'MSFT', 'GOOG', 'AMZN', 'META', 'TSLA', 'NVDA', 'JPM'] as const;

export const CONTENT_LIMIT = 3;
export const COMPARE_MAX = 3;
export const TRENDING_PERIODS = ['24h', '7d', '30d'] as const;
export type TrendingPeriod = (typeof TRENDING_PERIODS)[number];

export const QUESTIONS_PER_ANALYSIS = 12;
export const OLD_REPORT_DAYS = 365;
export const RESET_PASSWORD_MIN = 8;

/** How long the 403 banner stays before the sign-up redirect, and the reset redirect. */
export const SIGNUP_REDIRECT_MS = 2000;
export const RESET_REDIRECT_MS = 2000;

/** Toasts: one visible, 5 s on screen (spec 000 section 9). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

/** Give up following an analysis job after this long and show the timeout banner. */
export const ANALYSIS_TIMEOUT_MS = 180_000;
