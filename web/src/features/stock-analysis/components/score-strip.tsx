import { QuestionIcon } from '@/components/ui/question-icon';
import type { QuestionResult } from '@/types/analysis';
import { BAND_STYLES, NO_DATA_STYLE, questionBand } from '@/utils/score-bands';

import { questionMeta } from '../utils/questions';

type ScoreStripProps = { questions: QuestionResult[]; onPick: (number: number) => void };

/** The 12-icon score strip: one tile per question in its band; a click opens that card. */
export function ScoreStrip({ questions, onPick }: ScoreStripProps) {
  return (
    <nav aria-label="Scores by question">
      <ol className="grid grid-cols-4 gap-2 sm:grid-cols-6 lg:grid-cols-12">
        {questions.map((q) => {
          const meta = questionMeta(q.number);
          const style = q.score == null ? NO_DATA_STYLE : BAND_STYLES[questionBand(q.score)];
          return (
            <li key={q.number}>
              <button
                type="button"
                onClick={() => onPick(q.number)}
                title={`${meta.title}: ${q.score == null ? 'not enough data' : `${q.score}/10`}`}
                className={`flex w-full flex-col items-center rounded-xl border-2 px-1 py-2 ${style.border} ${style.soft} hover:shadow focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none`}
              >
                <QuestionIcon number={q.number} className={`size-6 ${style.text}`} />
                <span className="text-[11px] leading-tight text-stone-700">{meta.short}</span>
                <span className={`text-sm font-bold ${style.text}`}>
                  {q.score == null ? 'n/a' : q.score}
                  <span className="sr-only">{q.score == null ? ' not enough data' : ' out of 10'}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
