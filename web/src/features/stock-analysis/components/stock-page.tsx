import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { PageTitle } from '@/components/ui/page-title';
import { SIGNUP_REDIRECT_MS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { AnalysisRecord, QuestionPeers } from '@/types/analysis';
import { scrollBehavior } from '@/utils/motion';

import { useStockAnalysis } from '../hooks/use-stock-analysis';

import { AnalysisErrorBanner } from './error-banner';
import { MarketValueCard } from './market-value-card';
import { NotesSection } from './notes-section';
import { AnalysisProgressBar } from './progress-bar';
import { QuestionCard } from './question-card';
import { ScoreHistoryCard } from './score-history-card';
import { ScoreStrip } from './score-strip';
import { SinceLastQuarter } from './since-last-quarter';
import { StockIdentity } from './stock-identity';

type StockPageProps = {
  ticker: string;
  /** Called once per loaded analysis (the route refreshes the anonymous trial count). */
  onAnalyzed?: (record: AnalysisRecord) => void;
  /** False until the route knows who is asking (signed in, or the anonymous id is stored). */
  enabled?: boolean;
  /** The company chat panel, shown once the analysis is loaded (composed by the route). */
  renderChat?: (record: AnalysisRecord) => ReactNode;
};

/** How long the first answer may take before the progress bar shows without job stages. */
const PROGRESS_GRACE_MS = 400;

/** The stock detail page (spec 000 "Stock detail page"). */
export function StockPage({ ticker, onAnalyzed, enabled = true, renderChat }: StockPageProps) {
  const navigate = useNavigate();
  const state = useStockAnalysis(ticker, onAnalyzed, enabled);
  const errorKind = state.status === 'error' ? state.error.kind : null;

  // A stored or snapshot-fast analysis answers in a few hundred milliseconds: the bar would
  // only flash. It shows once the server reports a job's real stages, or when the first answer
  // takes longer than PROGRESS_GRACE_MS; the stages themselves always come from the job.
  const loading = state.status === 'loading';
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (!loading) return;
    const timer = setTimeout(() => setSlow(true), PROGRESS_GRACE_MS);
    return () => clearTimeout(timer);
  }, [loading, ticker]);

  useEffect(() => {
    if (errorKind !== 'signup') return;
    const timer = setTimeout(() => navigate(paths.auth.getHref({ signup: true })), SIGNUP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [errorKind, navigate]);

  return (
    <div className="space-y-5">
      <PageTitle title={`${ticker} Stock Analysis`} />
      {state.status === 'loading' && (state.progress.status !== 'starting' || slow) ? (
        <AnalysisProgressBar progress={state.progress} ticker={ticker} />
      ) : null}
      {state.status === 'error' ? <AnalysisErrorBanner error={state.error} /> : null}
      {state.status === 'ready' ? <ShareClassNote ticker={ticker} record={state.record} /> : null}
      {state.status === 'ready' ? <AnalysisView key={ticker} record={state.record} peers={state.peers} /> : null}
      {/* No notes card under "no such company" or "trial over": there is nothing to read. */}
      {errorKind === 'unknown' || errorKind === 'signup' ? null : <NotesSection ticker={ticker} />}
      {state.status === 'ready' && renderChat ? renderChat(state.record) : null}
    </div>
  );
}

/**
 * Another class of a company's shares (GOOG next to GOOGL) is analysed as its main ticker:
 * say whose figures these are, so the title's ticker is not mistaken for them.
 */
function ShareClassNote({ ticker, record }: { ticker: string; record: AnalysisRecord }) {
  if (ticker.toUpperCase() === record.symbol.toUpperCase()) return null;
  return (
    <p className="rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-stone-700" data-testid="share-class-note">
      {ticker.toUpperCase()} is another class of {record.companyName || 'the same company'}'s shares. The figures and the
      score below are {record.symbol}'s: both classes own the same business.
    </p>
  );
}

function AnalysisView({ record, peers }: { record: AnalysisRecord; peers: QuestionPeers[] }) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const questions = [...record.questions].sort((a, b) => a.number - b.number);
  const allOpen = open.size === questions.length;

  const toggle = (n: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(n)) next.delete(n);
      else next.add(n);
      return next;
    });

  const jumpTo = (n: number) => {
    setOpen((prev) => new Set(prev).add(n));
    requestAnimationFrame(() => document.getElementById(`question-${n}`)?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' }));
  };

  return (
    <>
      <StockIdentity record={record} />
      <SinceLastQuarter symbol={record.symbol} />
      <ScoreHistoryCard symbol={record.symbol} />
      <ScoreStrip questions={questions} onPick={jumpTo} />
      <MarketValueCard record={record} />
      <section aria-labelledby="questions-title" className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id="questions-title" className="font-serif text-2xl font-bold text-amber-900">
              The 12 questions
            </h2>
            <p className="text-sm text-stone-600">Each scored 0 to 10. Open any card for the chart and my two cents.</p>
          </div>
          <button
            type="button"
            onClick={() => setOpen(allOpen ? new Set() : new Set(questions.map((q) => q.number)))}
            className="rounded-lg border border-amber-700 px-3 py-1.5 text-sm font-semibold text-amber-900 hover:bg-amber-50"
          >
            {allOpen ? 'Collapse all' : 'Expand all'}
          </button>
        </div>
        {questions.map((q) => (
          <QuestionCard
            key={q.number}
            question={q}
            open={open.has(q.number)}
            onToggle={() => toggle(q.number)}
            cik={record.cik}
            peers={peers.find((p) => p.number === q.number)}
          />
        ))}
      </section>
    </>
  );
}
