import type { AnalysisProgress } from '../hooks/use-stock-analysis';
import { PROGRESS_STAGES } from '../utils/questions';

/**
 * Staged progress driven by the analysis job's own reports (stage name and
 * percent from the worker), not by a timer.
 */
export function AnalysisProgressBar({ progress, ticker }: { progress: AnalysisProgress; ticker: string }) {
  const percent = Math.max(0, Math.min(100, Math.round(progress.percent)));
  const currentIndex = PROGRESS_STAGES.findIndex((s) => s.stage === progress.stage);
  return (
    <section aria-label="Analysis progress" className="rounded-2xl border border-amber-200 bg-white p-5 shadow-sm">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold text-stone-800" data-testid="progress-stage">
          {progress.stage}
          {progress.stage.endsWith('...') ? '' : '...'}
        </p>
        <span className="font-mono text-sm text-stone-600">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Analyzing ${ticker}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${progress.stage}, ${percent}%`}
        className="mt-3 h-3 overflow-hidden rounded-full bg-amber-100"
      >
        <div className="h-full rounded-full bg-amber-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      {progress.status === 'retrying' ? (
        <p className="mt-2 text-sm text-amber-900">
          Hit a snag fetching the data, so I'm taking another run at it
          {progress.attempts && progress.maxAttempts ? ` (try ${progress.attempts + 1} of ${progress.maxAttempts})` : ''}.
        </p>
      ) : null}
      <ol className="mt-4 grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-stone-500 sm:grid-cols-3">
        {PROGRESS_STAGES.map((s, i) => {
          const done = currentIndex > i || percent >= 100;
          const current = currentIndex === i && percent < 100;
          return (
            <li key={s.stage} className={current ? 'font-semibold text-amber-900' : done ? 'text-green-800' : ''}>
              <span aria-hidden="true">{done ? '✓ ' : current ? '▸ ' : '· '}</span>
              {s.stage}
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-xs text-stone-500">Each step is reported by the analysis itself as it really runs. Good time to refill your coffee.</p>
    </section>
  );
}
