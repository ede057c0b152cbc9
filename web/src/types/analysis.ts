/**
 * The analysis record as the API serves it (JSON, camelCase). Mirrors the Rust
 * `AnalysisRecord` in jobs/src/analysis/record.rs; keep the two in step.
 * Dates are ISO `YYYY-MM-DD` strings; money and share counts are raw units.
 */
export type Band = 'green' | 'yellow' | 'red';

export type IndustryKind = 'general' | 'bank' | 'insurer' | 'reit';

export type AnalysisRecord = {
  symbol: string;
  companyName: string;
  cik?: number | null;
  industry: string | null;
  sector: string | null;
  sic?: number | null;
  industryKind?: IndustryKind;
  /** Overall score 0-100 over the answered questions. */
  score: number;
  band: Band;
  answeredQuestions: number;
  /** "based on all 12 questions" or "based on N of 12". */
  scoreBasis: string;
  questions: QuestionResult[];
  marketValue: MarketValuePoint[];
  /** What $1000 invested 3 years ago is worth today. */
  investment1000: number | null;
  priceRange: PriceRange | null;
  reportDate: string | null;
  reportIsOld: boolean;
  forwardReturns: ForwardReturns | null;
  asOf: string;
  latestFilingAccession?: string | null;
  latestAnnualReport?: FilingRef | null;
};

export type QuestionResult = {
  /** 1..=12 */
  number: number;
  /** Q1..Q12 */
  key: string;
  title: string;
  /** 0-10, or null when there was not enough data. */
  score: number | null;
  band: Band | null;
  metric?: number | null;
  metricName?: string;
  comment: string;
  explainer: string;
  chart: Chart;
  provenance: Provenance[];
};

/** A figure a question used, with the filing it came from. */
export type Provenance = {
  label: string;
  value: number;
  concept: string;
  unit: string;
  start: string | null;
  end: string;
  form: string;
  filed: string;
  accn: string;
  firstFiled?: string;
};

export type ValueGrowthRow = { label: string; value: number | null; growthPct: number | null };
export type RevenueExpenseRow = {
  label: string;
  revenue: number | null;
  revenueGrowthPct: number | null;
  expense: number | null;
  expenseGrowthPct: number | null;
};
export type MarginRow = { label: string; grossPct: number | null; netPct: number | null };
export type CashFlowRow = { label: string; operating: number | null; capex: number | null; free: number | null };
export type CashDebtRow = { label: string; cash: number | null; debt: number | null };
export type YieldRow = {
  label: string;
  earningsReturnPct: number | null;
  cashFlowReturnPct: number | null;
  govtBondPct: number | null;
};
export type RatioRow = { name: string; min: number; max: number; current: number };

/** One chart per question, tagged by `type` (serde `tag = "type"`, camelCase). */
export type Chart =
  | { type: 'valueGrowth'; rows: ValueGrowthRow[] }
  | { type: 'revenueExpenses'; rows: RevenueExpenseRow[] }
  | { type: 'margins'; rows: MarginRow[] }
  | { type: 'cashFlows'; rows: CashFlowRow[] }
  | { type: 'cashDebt'; rows: CashDebtRow[] }
  | { type: 'yields'; rows: YieldRow[] }
  | { type: 'forward'; forwardYieldPct: number | null; treasuryPct: number | null }
  | { type: 'ratios'; rows: RatioRow[] }
  | {
      type: 'ownership';
      insidersPct: number | null;
      institutionsPct: number | null;
      retailPct: number | null;
      estimated: boolean;
    }
  | { type: 'shortInterest'; shortPct: number | null; settlementDate: string | null };

export type ChartType = Chart['type'];

export type MarketValuePoint = {
  label: string;
  date: string;
  marketValue: number | null;
  /** Value of $1000 invested at the start, in thousands. */
  investmentK: number;
};

export type PriceRange = {
  min: number;
  today: number;
  max: number;
  minDate: string;
  todayDate: string;
  maxDate: string;
};

export type ForwardReturns = { forwardEarningsReturn: number; govtBondReturn: number };

export type FilingRef = {
  accessionNumber: string;
  form: string;
  filingDate: string | null;
  reportDate: string | null;
  primaryDocument: string;
};

/** GET /api/analyze-stock/{ticker}?wait=0 answers. */
export type AnalyzeReady = {
  success: true;
  data: string;
  message?: string;
  details?: unknown;
  record: AnalysisRecord;
  jobId: null;
};
export type AnalyzeQueued = { success: false; message: string; jobId: string };

export type JobStatus = 'queued' | 'running' | 'retrying' | 'succeeded' | 'failed';

/** GET /api/jobs/{id} and the `job` server-sent event. */
export type Job = {
  id: string;
  queue: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  progress: { stage: string; percent: number; message: string; updatedAt: string } | null;
  error: string | null;
};

/** GET /api/stock-analysis/{ticker}: Bubba's notes from the 10-K. */
export type StockNotes = {
  symbol: string;
  companyOverview?: string | null;
  revenueStreams?: string | null;
  marketGrowth?: string | null;
  riskFactors?: string | null;
  financialPerformance?: string | null;
  debtObligations?: string | null;
  covenants?: string | null;
  managementDiscussion?: string | null;
  keyPerformance?: string | null;
  competitiveLandscape?: string | null;
  futureOutlook?: string | null;
  legalProceedings?: string | null;
  supplierPower?: string | null;
  overallAssessment?: string | null;
  tenKDate?: string | null;
  '10K Date'?: string | null;
};
