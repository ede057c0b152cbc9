import { HistoryChart } from '@/components/score-history/history-chart';
import { chartPoints, scoredPoints } from '@/components/score-history/history-points';

import { useScoreHistory } from '../api/get-score-history';

/**
 * "Score history": the stock's score in each of its latest 12 stored quarters (each scored as of
 * the quarter's end from what was filed by then) on the 0-100 bands, with a one-sentence summary
 * that is also the chart's text alternative. Shown only with two scored quarters or more.
 */
export function ScoreHistoryCard({ symbol }: { symbol: string }) {
  const { data } = useScoreHistory(symbol);
  const points = chartPoints(data ?? []);
  const scored = scoredPoints(points);
  if (scored.length < 2) return null;
  const [first, last] = [scored[0]!, scored[scored.length - 1]!];
  const low = scored.reduce((a, b) => (b.score < a.score ? b : a));
  const high = scored.reduce((a, b) => (b.score > a.score ? b : a));
  const summary = `From ${first.score} in ${first.quarter} to ${last.score} in ${last.quarter}; lowest ${low.score} (${low.quarter}), highest ${high.score} (${high.quarter}).`;
  return (
    <section aria-labelledby="score-history" data-testid="score-history" className="space-y-2 rounded-2xl border border-amber-200 bg-white p-4">
      <h2 id="score-history" className="font-serif text-lg font-bold text-amber-900">
        Score history
      </h2>
      <p id="score-history-summary" className="text-sm text-stone-700">
        {summary}
      </p>
      <div aria-describedby="score-history-summary">
        <HistoryChart points={points} height={200} />
      </div>
      <p className="text-xs text-stone-600">Each quarter is scored as of its last day, from the filings and prices there were then.</p>
    </section>
  );
}
