import { ProvisionalTag } from '@/components/ui/provisional-tag';
import type { AnalysisRecord } from '@/types/analysis';
import { BAND_LABELS, BAND_STYLES, overallBand } from '@/utils/score-bands';

/**
 * The overall safety score out of 100 in its colour band (70+ green, 50-69 yellow, below 50 red).
 * A score on fewer than 9 of 12 answers is marked provisional, with the server's one-line reason.
 */
export function ScoreBox({ record }: { record: AnalysisRecord }) {
  const band = overallBand(record.score);
  const style = BAND_STYLES[band];
  return (
    <div
      data-testid="score-box"
      data-band={band}
      className={`flex w-full shrink-0 flex-col items-center justify-center rounded-2xl px-6 py-4 shadow sm:w-40 ${style.fill} ${style.onFill}`}
    >
      <span className="text-xs font-semibold tracking-wide uppercase">Safety score</span>
      <span className="font-serif text-5xl leading-tight font-bold" aria-label={`Score ${record.score} out of 100`}>
        {record.score}
      </span>
      <span className="text-sm">out of 100</span>
      <span className="mt-1 text-xs font-semibold">{BAND_LABELS[band]}</span>
      {record.provisional ? (
        <ProvisionalTag
          reason={record.provisionalReason}
          className="mt-2 rounded-full bg-white/90 px-2 py-0.5 text-center text-xs font-bold text-stone-900"
        />
      ) : null}
    </div>
  );
}
