import { OLD_REPORT_DAYS } from '@/config/constants';
import type { AnalysisRecord } from '@/types/analysis';
import { shortDate } from '@/utils/format';

import { ScoreBox } from './score-box';

export const OLD_REPORT_TEXT = 'Company report referenced is over a year old';

/** True when the report is over 365 days older than the analysis date (the server says so too). */
export function isReportOld(record: AnalysisRecord): boolean {
  if (record.reportIsOld) return true;
  if (!record.reportDate) return false;
  const days = (Date.parse(record.asOf) - Date.parse(record.reportDate)) / 86_400_000;
  return days > OLD_REPORT_DAYS;
}

/** Score box, ticker, company, sector and industry, and the report's age. */
export function StockIdentity({ record }: { record: AnalysisRecord }) {
  const old = isReportOld(record);
  return (
    <section aria-label="Company" className="flex flex-col gap-4 rounded-2xl border border-amber-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <ScoreBox record={record} />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-ticker text-sm font-bold text-amber-900">{record.symbol}</p>
        <p className="font-serif text-2xl font-bold text-stone-900" data-testid="company-name">
          {record.companyName || 'Unknown Company'}
        </p>
        <p className="text-sm text-stone-600">
          <span className="font-semibold">Sector:</span> {record.sector || 'Unknown Sector'}
          <span aria-hidden="true"> · </span>
          <span className="font-semibold">Industry:</span> {record.industry || 'Unknown Industry'}
        </p>
        <p className="text-sm text-stone-600">
          Score {record.scoreBasis}. Analysis as of {shortDate(record.asOf)}
          {record.reportDate ? (
            <>
              , using the report for the period ending {shortDate(record.reportDate)}
              {old ? (
                <span className="group relative ml-1 inline-block">
                  <button
                    type="button"
                    aria-describedby="old-report-tip"
                    className="rounded-full bg-amber-200 px-1.5 text-xs font-bold text-amber-950"
                  >
                    ⚠<span className="sr-only">Warning</span>
                  </button>
                  <span
                    role="tooltip"
                    id="old-report-tip"
                    data-testid="old-report-warning"
                    className="invisible absolute bottom-full left-1/2 z-20 mb-2 w-56 -translate-x-1/2 rounded-lg bg-stone-900 px-3 py-2 text-xs text-white opacity-0 shadow group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
                  >
                    {OLD_REPORT_TEXT}
                  </span>
                </span>
              ) : null}
            </>
          ) : null}
          .
        </p>
        <RulesNote record={record} />
        <DataFaults record={record} />
        <FilerLine record={record} />
        <AnnualReportLink record={record} />
        {old ? <p className="text-sm font-semibold text-amber-900">Heads up: this company hasn't filed a fresh report in over a year, so these numbers may be stale.</p> : null}
      </div>
    </section>
  );
}

/**
 * The 10-K the fiscal-year figures came from (as of the analysis date): its document when the
 * filing list names it, else the filing's folder on EDGAR.
 */
function AnnualReportLink({ record }: { record: AnalysisRecord }) {
  const filing = record.latestAnnualReport;
  if (!filing || !record.cik) return null;
  const folder = `https://www.sec.gov/Archives/edgar/data/${record.cik}/${filing.accessionNumber.replace(/-/g, '')}/`;
  const href = filing.primaryDocument ? `${folder}${filing.primaryDocument}` : folder;
  return (
    <p className="text-sm text-stone-600">
      <a href={href} target="_blank" rel="noreferrer" className="font-semibold text-amber-900 underline" data-testid="annual-report-link">
        {filing.form}
        {filing.reportDate ? ` for the year ending ${shortDate(filing.reportDate)}` : ''}
      </a>
      {filing.filingDate ? `, filed ${shortDate(filing.filingDate)}` : ''}
    </p>
  );
}

/**
 * Inputs the server did not believe (figures on different bases, absurd valuations): each
 * fault's reason and the questions it left unanswered. Such a score is not ranked.
 */
function DataFaults({ record }: { record: AnalysisRecord }) {
  const faults = record.dataFaults ?? [];
  if (faults.length === 0) return null;
  return (
    <div role="note" className="rounded-lg bg-amber-50 p-2 text-sm text-amber-950" data-testid="data-faults">
      <p className="font-semibold">Some numbers didn't add up, so this score leaves them out and isn't ranked in the Top 25.</p>
      <ul className="mt-1 list-disc pl-5">
        {faults.map((fault) => (
          <li key={fault.kind}>
            {fault.reason} (question{fault.questions.length === 1 ? '' : 's'} {fault.questions.join(', ')})
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Whose filings the figures come from: SEC's legal name of the registrant and its CIK. */
function FilerLine({ record }: { record: AnalysisRecord }) {
  if (!record.legalName) return null;
  return (
    <p className="text-xs text-stone-500" data-testid="legal-name">
      Figures from the SEC filings of {record.legalName}
      {record.cik ? `, CIK ${record.cik}` : ''}.
    </p>
  );
}

const KIND_RULES: Record<string, string> = {
  bank: "Scored with the bank rules: its funding (loans against deposits) instead of free cash flow, and its capital cushion instead of cash against debt.",
  insurer: "Scored with the insurer rules: borrowing against the owners' money instead of cash against debt.",
  reit: 'Scored with the landlord (REIT) rules: debt against debt plus equity, and funds from operations.',
};

/**
 * How the rules were chosen (the server's sentence: SIC code, the lines the company files, or
 * neither). Records stored before it existed fall back to the kind alone. An ordinary company
 * with a known SIC code needs no note.
 */
function RulesNote({ record }: { record: AnalysisRecord }) {
  const ordinary = record.rulesSource === 'sic' && record.industryKind === 'general';
  const fallback =
    record.sic == null
      ? 'Industry unknown (no SIC code in the filings I have), so the general rules were used; banks, insurers and landlords have their own.'
      : KIND_RULES[record.industryKind];
  const text = ordinary ? null : record.rulesNote || fallback;
  if (!text) return null;
  return (
    <p className="text-sm text-stone-600" data-testid="rules-note">
      {text}
    </p>
  );
}
