/**
 * The analysis wire types. Generated from the Rust types the API serializes (ts-rs, see
 * `generated/`); `cargo test wire_types` fails when they are stale and
 * `UPDATE_WIRE_TYPES=1 cargo test wire_types` rewrites them. Do not copy shapes by hand.
 */
export type { AnalysisRecord } from './generated/AnalysisRecord';
export type { Band } from './generated/Band';
export type { CashDebtRow } from './generated/CashDebtRow';
export type { CashFlowRow } from './generated/CashFlowRow';
export type { Chart } from './generated/Chart';
export type { FilingRef } from './generated/FilingRef';
export type { ForwardReturns } from './generated/ForwardReturns';
export type { IndustryKind } from './generated/IndustryKind';
export type { MarginRow } from './generated/MarginRow';
export type { MarketValuePoint } from './generated/MarketValuePoint';
export type { PriceRange } from './generated/PriceRange';
export type { Provenance } from './generated/Provenance';
export type { QuestionResult } from './generated/QuestionResult';
export type { RatioRow } from './generated/RatioRow';
export type { RevenueExpenseRow } from './generated/RevenueExpenseRow';
export type { StockNotes } from './generated/StockNotes';
export type { ValueGrowthRow } from './generated/ValueGrowthRow';
export type { YieldRow } from './generated/YieldRow';
export type { ChartSources } from './generated/ChartSources';
export type { CellSource } from './generated/CellSource';
export type { Derivation } from './generated/Derivation';
export type { MarketSource } from './generated/MarketSource';
export type { QuestionPeers } from './generated/QuestionPeers';
export type { PeerComparison } from './generated/PeerComparison';
export type { PeerLevel } from './generated/PeerLevel';
export type { PeerStanding } from './generated/PeerStanding';
/** GET /api/analyze-stock/{ticker}: 200 with the stored record. */
export type { AnalysisOut as AnalyzeReady } from './generated/AnalysisOut';
/** GET /api/analyze-stock/{ticker}: 202 while the job runs. */
export type { InProgressOut as AnalyzeQueued } from './generated/InProgressOut';
/** GET /api/jobs/{id} and the `job` server-sent event. */
export type { JobOut as Job } from './generated/JobOut';
export type { JobStatus } from './generated/JobStatus';

import type { Chart } from './generated/Chart';
export type ChartType = Chart['type'];
