import { currentEarningsPeriod } from '../utils/earnings-windows';

type EarningsBannerProps = { now?: Date };

/** Shown only inside an earnings-season peak window (spec 000 section 9). */
export function EarningsBanner({ now }: EarningsBannerProps) {
  const period = currentEarningsPeriod(now);
  if (!period) return null;
  return (
    <aside
      aria-label="Earnings season"
      className="rounded-xl border border-amber-300 bg-amber-100 px-4 py-3 text-sm text-amber-950"
    >
      <p>
        <strong>It's earnings season: {period.quarter} reports are rolling in.</strong> Every company on Main Street is
        filing at once, so my data sources may load slowly or throw an error now and then. If a page stalls, give it a
        minute and try again.
      </p>
    </aside>
  );
}
