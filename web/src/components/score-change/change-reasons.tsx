import type { ChangeExplanation } from '@/types/generated/ChangeExplanation';
import type { FigureChange } from '@/types/generated/FigureChange';
import { shortDate } from '@/utils/format';

const filingUrl = (cik: number | null, accession: string) =>
  cik ? `https://www.sec.gov/Archives/edgar/data/${cik}/${accession.replace(/-/g, '')}/` : null;

/** "+5", "-3", "0"; null when either side was not answered. */
export function signedChange(change: number | null): string {
  if (change === null) return 'n/a';
  return change > 0 ? `+${change}` : String(change);
}

/** Text colour of a move: green up, red down. */
export const changeColour = (change: number | null) =>
  change === null || change === 0 ? 'text-stone-600' : change > 0 ? 'text-green-800' : 'text-red-800';

/**
 * Why a score moved between two quarters, question by question: the reason line the server
 * wrote from the stored figures, the filing behind it, and (folded) both quarters' figures with
 * their concept, period and accession. Shared by the admin trends page and the stock page.
 */
export function ChangeReasons({ change, limit }: { change: ChangeExplanation; limit?: number }) {
  const questions = limit === undefined ? change.questions : change.questions.slice(0, limit);
  if (questions.length === 0) {
    return <p className="text-sm text-stone-600">No question's score moved: the overall change comes from rounding.</p>;
  }
  return (
    <ul className="space-y-2" aria-label={`Why ${change.symbol}'s score moved`}>
      {questions.map((q) => {
        const url = q.filing ? filingUrl(change.cik, q.filing.accession) : null;
        return (
          <li key={q.number} data-testid="change-reason" className="rounded-lg border border-amber-100 bg-white p-2 text-sm">
            <p>
              <span className={`mr-1 font-bold ${changeColour(q.change)}`}>{signedChange(q.change)}</span>
              {q.reason}
            </p>
            {q.filing ? (
              <p className="text-xs text-stone-500">
                Source:{' '}
                {url ? (
                  <a href={url} target="_blank" rel="noopener noreferrer" className="text-amber-900 underline">
                    {q.filing.form} {q.filing.accession}
                  </a>
                ) : (
                  `${q.filing.form} ${q.filing.accession}`
                )}
                , filed {shortDate(q.filing.filed)}
              </p>
            ) : null}
            {q.figures.length > 0 ? <FigureTable figures={q.figures} /> : null}
          </li>
        );
      })}
      {change.figuresKnown ? null : (
        <li className="text-xs text-stone-500">The figures of the older quarter were not kept, so only the score moves are shown.</li>
      )}
    </ul>
  );
}

function FigureTable({ figures }: { figures: FigureChange[] }) {
  const cell = (p: FigureChange['previous']) =>
    p ? (
      <>
        <span className="font-mono">{p.value.toLocaleString('en-US')}</span> {p.unit}
        <span className="block text-[10px] text-stone-500">
          {p.label} · {p.concept} · {p.form} {p.accn}
        </span>
      </>
    ) : (
      'not reported'
    );
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-amber-900 hover:underline">The figures</summary>
      <table className="mt-1 w-full text-left">
        <thead className="text-stone-500">
          <tr>
            <th scope="col" className="px-1">Figure</th>
            <th scope="col" className="px-1">Before</th>
            <th scope="col" className="px-1">Now</th>
          </tr>
        </thead>
        <tbody>
          {figures.map((f) => (
            <tr key={f.name} className="align-top">
              <td className="px-1 font-semibold">{f.name}</td>
              <td className="px-1">{cell(f.previous)}</td>
              <td className="px-1">{cell(f.current)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
