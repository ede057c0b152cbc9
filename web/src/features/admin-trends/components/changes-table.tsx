import { changeColour, signedChange } from '@/components/score-change/change-reasons';
import type { QuarterlyChange } from '@/types/generated/QuarterlyChange';

type Props = {
  label: string;
  rows: QuarterlyChange[];
  /** Clicking a row loads that stock's history. */
  onPick: (symbol: string) => void;
  /** Industry and sector columns (the All Changes tab). */
  wide?: boolean;
  empty: string;
};

/** "Debt 8 → 4" for the first few questions that moved. */
function movedQuestions(row: QuarterlyChange): string {
  return row.questionChanges
    .slice(0, 3)
    .map((q) => `${q.name} ${q.previous ?? 'n/a'} → ${q.current ?? 'n/a'}`)
    .join(', ');
}

/** Previous, current and change per stock; provisional scores are marked. */
export function ChangesTable({ label, rows, onPick, wide = false, empty }: Props) {
  if (rows.length === 0) return <p className="text-sm text-stone-600">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="text-xs text-stone-500">
          <tr className="border-b border-amber-200">
            <th scope="col" className="px-2 py-1">Symbol</th>
            <th scope="col" className="px-2 py-1">Company</th>
            {wide ? (
              <>
                <th scope="col" className="px-2 py-1">Industry</th>
                <th scope="col" className="px-2 py-1">Sector</th>
              </>
            ) : null}
            <th scope="col" className="px-2 py-1">Previous</th>
            <th scope="col" className="px-2 py-1">Current</th>
            <th scope="col" className="px-2 py-1">Change</th>
            <th scope="col" className="px-2 py-1">What moved</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.tickerSymbol}
              onClick={() => onPick(row.tickerSymbol)}
              className="cursor-pointer border-b border-amber-50 align-top hover:bg-amber-50"
            >
              <td className="px-2 py-1 font-semibold">
                <button type="button" className="text-amber-900 underline" onClick={() => onPick(row.tickerSymbol)}>
                  {row.tickerSymbol}
                </button>
              </td>
              <td className="px-2 py-1">{row.companyName ?? ''}</td>
              {wide ? (
                <>
                  <td className="px-2 py-1">{row.industry ?? 'Unknown'}</td>
                  <td className="px-2 py-1">{row.sector ?? 'Unknown'}</td>
                </>
              ) : null}
              <td className="px-2 py-1">
                {row.previousQuarterScore ?? 'N/A'} <span className="text-xs text-stone-500">{row.previousQuarter}</span>
                {row.previousProvisional ? <ProvisionalMark /> : null}
              </td>
              <td className="px-2 py-1">
                {row.currentQuarterScore ?? 'N/A'} <span className="text-xs text-stone-500">{row.currentQuarter}</span>
                {row.provisional ? <ProvisionalMark reason={row.provisionalReason} /> : null}
              </td>
              <td className={`px-2 py-1 font-bold ${changeColour(row.scoreChange)}`} data-testid="score-change">
                {signedChange(row.scoreChange)}
              </td>
              <td className="px-2 py-1 text-xs text-stone-600">{movedQuestions(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A provisional score (on fewer than 9 of 12 answers) is marked wherever it appears. */
export function ProvisionalMark({ reason }: { reason?: string | null }) {
  return (
    <span
      data-testid="provisional-mark"
      title={reason ? `Provisional: ${reason}` : 'Provisional: fewer than 9 of 12 questions answered'}
      className="ml-1 rounded-full bg-stone-200 px-1.5 py-0.5 text-[10px] font-bold text-stone-700 uppercase"
    >
      Provisional
    </span>
  );
}
