import { ChangeReasons, changeColour, signedChange } from '@/components/score-change/change-reasons';

import { useSinceLastQuarter } from '../api/get-since-last-quarter';

/** How many reasons the stock page shows: the biggest moves; the admin trends page has them all. */
const REASONS_SHOWN = 3;

/**
 * "Since last quarter": the score move and the biggest question moves with the figures and filing
 * behind them. Shown only when a previous quarter is stored (and nothing while loading or on error:
 * the page is whole without it).
 */
export function SinceLastQuarter({ symbol }: { symbol: string }) {
  const { data } = useSinceLastQuarter(symbol);
  const change = data?.change;
  if (!change) return null;
  return (
    <section aria-labelledby="since-last-quarter" data-testid="since-last-quarter" className="space-y-2 rounded-2xl border border-amber-200 bg-amber-50 p-4">
      <h2 id="since-last-quarter" className="font-serif text-lg font-bold text-amber-900">
        Since last quarter:{' '}
        <span className={changeColour(change.scoreChange)}>
          {change.previousScore ?? 'N/A'} → {change.currentScore ?? 'N/A'} ({signedChange(change.scoreChange)})
        </span>
      </h2>
      <p className="text-xs text-stone-600">
        {change.previousQuarter} against {change.currentQuarter}
        {change.previousProvisional || change.provisional ? '; a provisional score rests on fewer than 9 of 12 answers' : ''}.
      </p>
      <ChangeReasons change={change} limit={REASONS_SHOWN} />
    </section>
  );
}
