import { useId, useState } from 'react';

import { QuestionIcon } from '@/components/ui/question-icon';
import { ScoreBadge } from '@/components/ui/score-badge';
import type { QuestionPeers, QuestionResult } from '@/types/analysis';
import { BAND_STYLES, NO_DATA_STYLE, questionBand } from '@/utils/score-bands';

import { questionMeta } from '../utils/questions';

import { ChartSourcesContext, NO_SOURCES } from './charts/chart-sources';
import { QuestionChart } from './charts/question-chart';
import { PeerComparison } from './peer-comparison';
import { ProvenanceList } from './provenance-list';

type QuestionCardProps = {
  question: QuestionResult;
  open: boolean;
  onToggle: () => void;
  cik?: number | null;
  /** The question next to its sector, when the company has a SIC code and stats exist. */
  peers?: QuestionPeers;
};

/**
 * One of the 12 question cards: the title and score are always visible; opened,
 * it shows Bubba's comment, the question next to its sector's median (when there
 * are peers to compare with), the chart, the 'What the heck is this?' explainer
 * and, on demand, where every figure came from. Cards open independently.
 */
export function QuestionCard({ question, open, onToggle, cik, peers }: QuestionCardProps) {
  const meta = questionMeta(question.number);
  const id = useId();
  const [explainerOpen, setExplainerOpen] = useState(false);
  const [sourcesOpen, setSourcesOpen] = useState(false);
  // The source a "See the numbers" cell was clicked for: the list opens marked at it.
  const [shownSource, setShownSource] = useState<string | null>(null);
  const sourceLinks = {
    question: question.number,
    sources: question.sources ?? NO_SOURCES,
    show: (label: string) => {
      setSourcesOpen(true);
      setShownSource(label);
    },
  };
  const noData = question.score == null;
  const style = noData ? NO_DATA_STYLE : BAND_STYLES[questionBand(question.score ?? 0)];
  // The spec's chart title, whatever the server sent in `title`.
  const title = meta.title;

  return (
    <article
      id={`question-${question.number}`}
      data-testid="question-card"
      className={`scroll-mt-4 rounded-2xl border-l-8 bg-white shadow-sm ${style.border}`}
    >
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onToggle}
          className="flex w-full items-center gap-3 rounded-2xl px-4 py-3 text-left hover:bg-amber-50 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
        >
          <QuestionIcon number={question.number} className={`size-7 shrink-0 ${style.text}`} />
          <span className="flex-1">
            <span className="block font-semibold text-stone-900">
              {question.number}. {title}
            </span>
            <span className="block text-sm text-stone-600">{meta.question}</span>
          </span>
          {noData ? <span className="text-xs font-semibold text-stone-500">Not enough data</span> : null}
          <ScoreBadge score={question.score} scale="question" />
          <span aria-hidden="true" className={`text-stone-500 transition-transform ${open ? 'rotate-180' : ''}`}>
            ▾
          </span>
        </button>
      </h3>
      {open ? (
        <div id={`${id}-body`} className="space-y-4 px-4 pb-4">
          <blockquote className={`rounded-xl p-3 text-stone-800 ${style.soft}`}>
            <p>
              <span className="font-semibold">Bubba says: </span>
              {question.comment}
            </p>
          </blockquote>
          {peers ? <PeerComparison peers={peers} /> : null}
          <ChartSourcesContext.Provider value={sourceLinks}>
            <QuestionChart chart={question.chart} title={title} number={question.number} />
          </ChartSourcesContext.Provider>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              aria-expanded={explainerOpen}
              aria-controls={`${id}-explainer`}
              onClick={() => setExplainerOpen((o) => !o)}
              className="rounded-lg border border-amber-300 px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-50"
            >
              What the heck is this?
            </button>
            <button
              type="button"
              aria-expanded={sourcesOpen}
              aria-controls={`${id}-sources`}
              onClick={() => setSourcesOpen((o) => !o)}
              className="rounded-lg border border-stone-300 px-3 py-1.5 text-sm text-stone-700 hover:bg-stone-50"
            >
              Where do these numbers come from?
            </button>
          </div>
          {explainerOpen ? (
            <p id={`${id}-explainer`} className="rounded-xl bg-amber-50 p-3 text-sm text-stone-700">
              {question.explainer}
            </p>
          ) : null}
          {sourcesOpen ? (
            <div id={`${id}-sources`} className="rounded-xl bg-stone-50 p-3">
              {question.metricName ? (
                <p className="mb-2 text-xs text-stone-600">
                  Graded on: {question.metricName}
                  {question.metric != null ? ` = ${Number(question.metric.toFixed(2))}` : ' (not available)'}
                </p>
              ) : null}
              <ProvenanceList items={question.provenance} cik={cik} sources={question.sources ?? NO_SOURCES} question={question.number} highlight={shownSource} />
            </div>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
