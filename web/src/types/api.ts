/**
 * Wire shapes shared across features (spec 000 section 3, and the API's
 * camelCase JSON). Fields the screens do not read are left out.
 */
export type User = {
  id?: number | string;
  username: string;
  isAdmin?: boolean;
  isPaidUser?: boolean;
  termsAcceptedAt?: string | null;
  parentName?: string | null;
  parentEmail?: string | null;
  childName?: string | null;
  memberSince?: string;
  createdAt?: string;
};

/** GET /healthz */
export type Health = {
  status: string;
  version?: string;
};

/** GET /api/anonymous/session/{sessionId} */
export type AnonymousSession = {
  sessionId?: string;
  exists: boolean;
  searchCount: number;
  remainingSearches: number;
  requiresSignup: boolean;
};

/** GET /api/tickers/search?q= */
export type TickerHit = { ticker: string; name: string };

/** GET /api/top-stocks */
export type TopStock = { symbol: string; score: number; companyName: string };

/** GET /api/content?limit= */
export type ContentItem = {
  id: number | string;
  title: string;
  description?: string | null;
  url: string;
  thumbnail?: string | null;
  type: 'substack' | 'youtube' | 'instagram' | string;
  platform?: string | null;
  publishedAt?: string | null;
  readTime?: string | number | null;
};

/** GET /api/account */
export type Account = {
  username: string;
  memberSince?: string | null;
  queryBalance?: number;
  queriesRemaining?: number;
  queriesUsed?: number;
  queriesLimit?: number;
  parentName?: string | null;
  parentEmail?: string | null;
  childName?: string | null;
  subscription?: string;
  isPaidUser?: boolean;
  analysesToday?: number;
  dailyAnalyses?: number;
};

/** GET /api/stocks/batch?symbols=A,B */
export type BatchStocks = Record<
  string,
  { scores: Array<number | null>; companyName: string; score?: number | null; answeredQuestions?: number }
>;

/** GET /api/trending?period= */
export type TrendingStock = { symbol: string; companyName: string; views: number };
