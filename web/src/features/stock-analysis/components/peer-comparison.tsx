import type { QuestionPeers } from '@/types/analysis';
import { BAND_STYLES } from '@/utils/score-bands';

type PeerComparisonProps = {
  peers: QuestionPeers;
};

/** "SIC group 53" / "SIC division G": which slice of SEC's industry codes the peers share. */
function groupLabel(peers: QuestionPeers): string {
  return peers.level === 'industryGroup' ? `SIC group ${peers.groupCode}` : `SIC division ${peers.groupCode}`;
}

/**
 * A question next to its sector (jobs/docs/scoring.md, "Next to its peers"): the company's
 * figure beside the sector median, the middle half of the peers, how many there are, Bubba's
 * sentence and the sector-relative grade. With fewer than 10 peers it only says so; the
 * absolute 0-10 grade above is never changed by any of it.
 */
export function PeerComparison({ peers }: PeerComparisonProps) {
  const comparison = peers.comparison;
  if (!comparison) {
    return (
      <p data-testid="peer-comparison" className="rounded-xl bg-stone-50 p-3 text-sm text-stone-600">
        {peers.sentence}
      </p>
    );
  }
  const grade = BAND_STYLES[comparison.band];
  return (
    <section data-testid="peer-comparison" aria-label="Next to its peers" className="space-y-2 rounded-xl border border-stone-200 p-3 text-sm">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-stone-500">This company</dt>
          <dd className="font-semibold text-stone-900">{comparison.companyFigure}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Sector median</dt>
          <dd className="font-semibold text-stone-900">{comparison.medianFigure}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Middle half of peers</dt>
          <dd className="text-stone-800">
            {comparison.p25Figure} to {comparison.p75Figure}
          </dd>
        </div>
      </dl>
      <p className="text-stone-800">{peers.sentence}</p>
      <p className="flex flex-wrap items-center gap-2">
        <span className="text-stone-600">Sector grade:</span>
        <span data-band={comparison.band} className={`rounded-md px-2 py-0.5 text-xs font-semibold ${grade.soft} ${grade.text}`}>
          {comparison.grade}
        </span>
      </p>
      <p className="text-xs text-stone-500">
        Compared with {peers.count} scored {peers.group} ({groupLabel(peers)}) on {peers.metricName}, as of {peers.computedOn}.
        {peers.note ? ` ${peers.note}` : ''}
      </p>
    </section>
  );
}
