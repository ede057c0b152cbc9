import { BAND_STYLES, NO_DATA_STYLE, overallBand, questionBand } from '@/utils/score-bands';

type ScoreBadgeProps = {
  score: number | null | undefined;
  /** 'overall' is out of 100, 'question' out of 10. */
  scale?: 'overall' | 'question';
  className?: string;
};

/** A score in its colour band; a missing score reads "n/a", never a fake number. */
export function ScoreBadge({ score, scale = 'overall', className = '' }: ScoreBadgeProps) {
  if (score == null) {
    return (
      <span className={`inline-flex min-w-10 justify-center rounded-md px-2 py-0.5 text-sm font-bold ${NO_DATA_STYLE.soft} ${NO_DATA_STYLE.text} ${className}`}>
        n/a
      </span>
    );
  }
  const band = scale === 'overall' ? overallBand(score) : questionBand(score);
  const style = BAND_STYLES[band];
  return (
    <span
      data-band={band}
      className={`inline-flex min-w-10 justify-center rounded-md px-2 py-0.5 text-sm font-bold ${style.onFill} ${style.fill} ${className}`}
    >
      {Math.round(score)}
      {scale === 'overall' ? '' : '/10'}
    </span>
  );
}
