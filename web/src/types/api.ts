/**
 * Wire shapes shared across features, generated from the Rust types the API serializes
 * (ts-rs, see `generated/` and `analysis.ts`). Do not copy shapes by hand.
 */
import type { BatchScoreOut } from './generated/BatchScoreOut';

/** GET /api/user, POST /api/login, POST /api/register */
export type { UserOut as User } from './generated/UserOut';
/** GET /api/anonymous/session/{sessionId} */
export type { AnonymousSessionOut as AnonymousSession } from './generated/AnonymousSessionOut';
/** GET /api/tickers/search?q= */
export type { TickerHit } from './generated/TickerHit';
/** GET /api/top-stocks */
export type { TopStock } from './generated/TopStock';
/** GET /api/content?limit= */
export type { ContentItem } from './generated/ContentItem';
/** GET /api/account */
export type { AccountOut as Account } from './generated/AccountOut';
/** GET /api/trending?period= */
export type { ViewCount as TrendingStock } from './generated/ViewCount';
/** Error bodies: `{message}`, and the analysis calls' `{success: false, message, details}`. */
export type { MessageOut } from './generated/MessageOut';
export type { FailureOut } from './generated/FailureOut';

/** GET /api/stocks/batch?symbols=A,B */
export type BatchStocks = Record<string, BatchScoreOut>;

/** GET /api/chat/usage */
export type { ChatUsageOut as ChatUsage } from './generated/ChatUsageOut';
/** Error bodies of the chat calls: `{error, message, code}`. */
export type { ChatErrorOut } from './generated/ChatErrorOut';

// The admin area: notes, key-value stocks, chat test.
export type { NotesCreatedOut } from './generated/NotesCreatedOut';
export type { KvStock } from './generated/KvStock';
export type { KvTotals } from './generated/KvTotals';
export type { ChatTestOut } from './generated/ChatTestOut';
/** GET /api/pricing, POST /api/create-checkout-session, POST /api/verify-payment */
export type { PricingOut as Pricing } from './generated/PricingOut';
export type { PricingTier } from './generated/PricingTier';
export type { CheckoutOut as Checkout } from './generated/CheckoutOut';
export type { VerifyOut as VerifiedPayment } from './generated/VerifyOut';

// Quarterly trends: score changes since the last quarter and their history.
export type { QuarterlyChange } from './generated/QuarterlyChange';
export type { HistoryEntry as QuarterlyHistoryEntry } from './generated/HistoryEntry';
export type { ChangeExplanation } from './generated/ChangeExplanation';
export type { SinceLastQuarterOut as SinceLastQuarter } from './generated/SinceLastQuarterOut';
/** Admin documents: GET /api/admin/rag-docs/{symbol}, POST /api/admin/upload-rag/{symbol} */
export type { RagDocument } from './generated/RagDocument';
export type { UploadOut } from './generated/UploadOut';
export type { UploadedOut } from './generated/UploadedOut';

// Watchlists and alerts: /api/watchlist, /api/alerts, /api/alert-settings.
export type { WatchOut } from './generated/WatchOut';
export type { WatchlistOut as Watchlist } from './generated/WatchlistOut';
export type { MyStock } from './generated/MyStock';
export type { AlertsOut as Alerts } from './generated/AlertsOut';
export type { AlertItem } from './generated/AlertItem';
export type { MarkReadOut } from './generated/MarkReadOut';
export type { AlertSettingsOut as AlertSettings } from './generated/AlertSettingsOut';

// Personal access tokens for outside assistants (the MCP endpoint): /api/account/tokens.
export type { AccessTokenOut as AccessToken } from './generated/AccessTokenOut';
export type { AccessTokensOut as AccessTokens } from './generated/AccessTokensOut';
export type { CreatedTokenOut as CreatedToken } from './generated/CreatedTokenOut';
