/**
 * The 12 questions as the page presents them: chart titles in the spec's order
 * (spec 000 "Stock detail page"), the plain question and a short label for the
 * icon strip (the icons themselves: components/ui/question-icon.tsx).
 */
export type QuestionMeta = { number: number; title: string; question: string; short: string };

export const QUESTIONS: readonly QuestionMeta[] = [
  { number: 1, title: 'Revenue and Revenue Growth %', question: 'Are sales growing?', short: 'Sales' },
  { number: 2, title: 'Revenues & Expenses', question: 'Are sales outrunning costs?', short: 'Costs' },
  { number: 3, title: 'Earnings', question: 'Is it making more money?', short: 'Profit' },
  { number: 4, title: 'Margins', question: 'How much of each dollar does it keep?', short: 'Margins' },
  { number: 5, title: 'Cash Flows', question: 'Does real cash come in the door?', short: 'Cash flow' },
  { number: 6, title: 'Cash & Debt', question: 'Can it pay what it owes?', short: 'Debt' },
  { number: 7, title: 'Return % vs Govt Bond', question: 'Does it beat a safe bond today?', short: 'vs Bond' },
  { number: 8, title: 'Future Returns vs Government Bond', question: 'Will it beat a bond next year?', short: 'Future' },
  { number: 9, title: 'How expensive is the stock?', question: 'Is the price tag fair?', short: 'Price' },
  { number: 10, title: 'Share Dilution', question: 'Is my slice of the pie shrinking?', short: 'Dilution' },
  { number: 11, title: 'Ownership Breakdown', question: 'Who owns the place?', short: 'Owners' },
  { number: 12, title: 'Short Position', question: 'Are folks betting against it?', short: 'Shorts' },
];

export const questionMeta = (number: number): QuestionMeta =>
  QUESTIONS[number - 1] ?? { number, title: `Question ${number}`, question: '', short: `Q${number}` };

/** The analysis job's six stages and where each puts the bar (spec 000 section 4). */
export const PROGRESS_STAGES = [
  { percent: 15, stage: 'Fetching company data' },
  { percent: 35, stage: 'Analyzing financial metrics' },
  { percent: 55, stage: 'Processing 10K filing data' },
  { percent: 75, stage: 'Evaluating market position' },
  { percent: 90, stage: 'Calculating final score' },
  { percent: 100, stage: 'Finalizing analysis' },
] as const;
