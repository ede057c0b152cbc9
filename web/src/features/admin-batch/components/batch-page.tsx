import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { TabList, tabPanelProps } from '@/components/ui/tabs';
import { toast } from '@/lib/toast';
import type { BatchResult } from '@/types/generated/BatchResult';
import type { BatchStatus } from '@/types/generated/BatchStatus';
import type { ScheduledJob } from '@/types/generated/ScheduledJob';
import { relativeTime, shortDate } from '@/utils/format';
import { overallBand } from '@/utils/score-bands';

import {
  batchKeys,
  canStartBatch,
  cannotStartMessage,
  refusal,
  startBatch,
  stopBatch,
  useAnalyzableStocks,
  useBatchResults,
  useBatchStatus,
} from '../api/batch';
import { scheduleKeys } from '../api/schedules';
import { ScheduleModal } from './schedule-modal';
import { ScheduledTab } from './scheduled-tab';

/** Delay input (spec 001 sections 5 and 9): 5-300 s in steps of 5, default 30; Quick Run uses 5. */
const DELAY = { min: 5, max: 300, step: 5, initial: 30, quick: 5 } as const;

const TABS = [
  { value: 'manual', label: 'Manual Analysis' },
  { value: 'scheduled', label: 'Scheduled Jobs' },
  { value: 'results', label: 'Results History' },
] as const;
type Tab = (typeof TABS)[number]['value'];

/** /admin/batch: start, watch and stop a batch re-analysis; the results history. */
export function BatchPage() {
  const [tab, setTab] = useState<Tab>('manual');
  const { mutate } = useSWRConfig();
  const { data: stocks = [] } = useAnalyzableStocks();
  // The schedule modal: closed (undefined), new (null) or editing a schedule.
  const [modal, setModal] = useState<ScheduledJob | null | undefined>(undefined);
  return (
    <div className="space-y-5">
      <PageTitle title="Admin Batch Analysis" subtitle="Re-analyse many stocks, spaced out so the SEC stays friendly." />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setModal(null)}>New Schedule</Button>
        <Link className="rounded border px-3 py-2 text-sm" to="/admin/trends">
          View Quarterly Trends
        </Link>
        <Link className="rounded border px-3 py-2 text-sm" to="/admin/newsletter">
          Newsletter Generator
        </Link>
      </div>
      <div className="max-w-xl">
        <TabList tabs={TABS} value={tab} onChange={setTab} label="Batch analysis" idBase="batch" />
      </div>
      <div {...tabPanelProps('batch', tab)}>
        {tab === 'manual' && <ManualTab />}
        {tab === 'scheduled' && <ScheduledTab onEdit={setModal} onBatchStarted={() => void mutate(batchKeys.status)} />}
        {tab === 'results' && <ResultsTab />}
      </div>
      {modal !== undefined && (
        <ScheduleModal
          stocks={stocks}
          editing={modal}
          onClose={() => setModal(undefined)}
          onSaved={() => void mutate(scheduleKeys.list)}
        />
      )}
    </div>
  );
}

function ManualTab() {
  const { mutate } = useSWRConfig();
  const { data: status, mutate: refreshStatus } = useBatchStatus();
  const { data: stocks = [] } = useAnalyzableStocks();
  const [selected, setSelected] = useState<string[]>([]);
  const [delay, setDelay] = useState<number>(DELAY.initial);
  const [busy, setBusy] = useState(false);
  // The stock the batch was on when it was stopped (the status no longer names one after).
  const [stoppedAt, setStoppedAt] = useState<string | null>(null);

  // When a running batch is seen to end, the results list is refreshed.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && status && !status.isRunning) void mutate(batchKeys.results);
    wasRunning.current = status?.isRunning ?? false;
  }, [status, mutate]);

  const toggle = (symbol: string) =>
    setSelected((now) => (now.includes(symbol) ? now.filter((s) => s !== symbol) : [...now, symbol]));

  const start = async (delaySeconds: number, quick: boolean) => {
    if (selected.length === 0) {
      toast({ title: 'Failed to Start Job', description: 'Please select at least one stock to analyze.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const allowed = await canStartBatch();
      if (!allowed.canStart) {
        toast({ title: 'Job Cannot Start', description: cannotStartMessage(allowed.waitTime, allowed.reason), variant: 'destructive' });
        return;
      }
      const started = await startBatch(selected, delaySeconds);
      toast({
        title: quick ? 'Quick Batch Started' : 'Batch Job Started',
        description: `${started.totalTickers} stocks, ${started.delaySeconds} s apart`,
      });
      await refreshStatus();
    } catch (error) {
      const refused = refusal(error);
      if (refused) {
        toast({ title: 'Job Cannot Start', description: cannotStartMessage(refused.waitTime, refused.message), variant: 'destructive' });
      } else {
        toast({ title: 'Failed to Start Job', variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  };

  const stop = async () => {
    try {
      const current = status?.currentTicker ?? null;
      await stopBatch();
      setStoppedAt(current);
      toast({ title: 'Batch job stopped', description: current ? `Stopped at ${current}.` : undefined });
      await refreshStatus();
    } catch {
      toast({ title: 'Failed to stop batch job', variant: 'destructive' });
    }
  };

  const validDelay = delay >= DELAY.min && delay <= DELAY.max && delay % DELAY.step === 0;
  return (
    <div className="space-y-5">
      {status && <StatusCard status={status} onStop={stop} stoppedAt={status.isRunning ? null : stoppedAt} />}
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Stocks ({selected.length} of {stocks.length} selected)</h2>
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => setSelected([...stocks])}>
              Select All
            </Button>
            <Button variant="outline" onClick={() => setSelected([])}>
              Clear All
            </Button>
          </div>
        </div>
        <ul aria-label="Analyzable stocks" className="mt-3 grid grid-cols-3 gap-1 sm:grid-cols-6">
          {stocks.map((symbol) => (
            <li key={symbol}>
              <label className="flex items-center gap-1 text-sm">
                <input type="checkbox" checked={selected.includes(symbol)} onChange={() => toggle(symbol)} />
                {symbol}
              </label>
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-wrap items-end gap-3">
          <label className="text-sm">
            Delay between stocks (seconds)
            <input
              type="number"
              className="ml-2 w-24 rounded border px-2 py-1"
              min={DELAY.min}
              max={DELAY.max}
              step={DELAY.step}
              value={delay}
              onChange={(e) => setDelay(Number(e.target.value))}
            />
          </label>
          <span className="text-xs text-gray-500">Recommended: 30-60 seconds</span>
          <Button disabled={busy || !validDelay || status?.isRunning} onClick={() => start(delay, false)}>
            Analyze {selected.length} Stocks
          </Button>
          <Button variant="outline" disabled={busy || status?.isRunning} onClick={() => start(DELAY.quick, true)}>
            Quick Run
          </Button>
        </div>
      </Card>
    </div>
  );
}

function StatusCard({ status, onStop, stoppedAt }: { status: BatchStatus; onStop: () => void; stoppedAt: string | null }) {
  const percent = status.totalTickers ? Math.round((status.completedTickers / status.totalTickers) * 100) : 0;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Job Status: {status.isRunning ? 'Running' : (status.state ?? 'Not running')}</h2>
        {status.isRunning && (
          <Button variant="outline" onClick={onStop}>
            Stop Job
          </Button>
        )}
      </div>
      {status.totalTickers > 0 && (
        <div className="mt-3 space-y-1 text-sm">
          <div
            role="progressbar"
            aria-label="Batch progress"
            aria-valuemin={0}
            aria-valuemax={status.totalTickers}
            aria-valuenow={status.completedTickers}
            className="h-2 w-full rounded bg-gray-200"
          >
            <div className="h-2 rounded bg-green-600" style={{ width: `${percent}%` }} />
          </div>
          <p>
            {status.completedTickers} of {status.totalTickers} stocks done
          </p>
          {status.currentTicker && <p>Current ticker: {status.currentTicker}</p>}
          {stoppedAt && status.state === 'stopped' && <p>Stopped at {stoppedAt}</p>}
          {status.startedAt && <p>Started {relativeTime(status.startedAt)}</p>}
          {status.completedAt && <p>Completed {relativeTime(status.completedAt)}</p>}
          {status.errorMessage && <p className="text-red-700">{status.errorMessage}</p>}
        </div>
      )}
    </Card>
  );
}

function ResultsTab() {
  const { data: results = [] } = useBatchResults();
  if (results.length === 0) return <p className="text-sm">No batch results yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr>
          <th>Symbol</th>
          <th>Company</th>
          <th>Industry</th>
          <th>Score</th>
          <th>Analysis Date</th>
        </tr>
      </thead>
      <tbody>
        {results.map((row) => (
          <ResultRow key={row.id} row={row} />
        ))}
      </tbody>
    </table>
  );
}

function ResultRow({ row }: { row: BatchResult }) {
  return (
    <tr>
      <td>{row.tickerSymbol}</td>
      <td>{row.companyName ?? ''}</td>
      <td>{row.industry ?? ''}</td>
      <td className={scoreClass(row.score)}>{row.score ?? 'N/A'}</td>
      <td className="whitespace-nowrap">{row.analysisDate ? shortDate(row.analysisDate) : ''}</td>
    </tr>
  );
}

/** Results colours (spec 001 section 2): green at 70+, yellow at 50+, otherwise red. */
export function scoreClass(score: number | null): string {
  if (score == null) return 'text-gray-500';
  const text = { green: 'text-green-700', yellow: 'text-yellow-700', red: 'text-red-700' };
  return `${text[overallBand(score)]} font-semibold`;
}
