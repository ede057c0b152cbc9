import { useEffect, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { ApiError, userMessage } from '@/lib/api-client';
import { watchJob } from '@/lib/job-watch';
import { toast } from '@/lib/toast';
import type { Progress } from '@/types/generated/Progress';

import { type TenKDraft, getAutoAnalysisDraft, startAutoAnalysis } from '../api/auto-analyze-10k';

/** Seconds the first call waits for the draft before the page follows the job instead. */
const FIRST_WAIT_SECONDS = 2;

type AutoAnalyzeButtonProps = { symbol: string; onDraft: (draft: TenKDraft) => void };

/**
 * Auto-Analyze 10K (spec 001 sections 2 and 4): runs the `AutoAnalyze10K` job, shows its
 * real progress, then hands the draft to the bulk editor. Nothing is saved here.
 */
export function AutoAnalyzeButton({ symbol, onDraft }: AutoAnalyzeButtonProps) {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  // Following stops when the page goes away.
  const following = useRef<AbortController | null>(null);
  useEffect(() => () => following.current?.abort(), []);

  const run = async () => {
    setRunning(true);
    setProgress(null);
    following.current?.abort();
    const controller = new AbortController();
    following.current = controller;
    try {
      const first = await startAutoAnalysis(symbol, FIRST_WAIT_SECONDS);
      let draft: TenKDraft;
      if ('rawAnalysis' in first) {
        draft = first;
      } else {
        const job = await watchJob(first.jobId, {
          onUpdate: (update) => setProgress(update.progress),
          signal: controller.signal,
        });
        if (job.status === 'failed') throw new Error(job.error ?? 'The 10-K analysis failed.');
        draft = await getAutoAnalysisDraft(first.jobId);
      }
      onDraft(draft);
    } catch (error) {
      if (controller.signal.aborted) return;
      toast({
        title: 'Auto-Analysis Failed',
        description:
          error instanceof ApiError
            ? userMessage(error, 'Please try again')
            : error instanceof Error
              ? error.message
              : 'Please try again',
        variant: 'destructive',
      });
    } finally {
      setRunning(false);
      setProgress(null);
    }
  };

  return (
    <div className="space-y-2">
      <Button variant="outline" onClick={run} disabled={running}>
        {running ? 'Analyzing 10K...' : 'Auto-Analyze 10K'}
      </Button>
      {running ? (
        <div role="status" aria-label="10-K analysis progress" className="max-w-md space-y-1 text-sm text-stone-700">
          <p>{progress ? `${progress.stage}: ${progress.message}` : `Looking for ${symbol}'s latest 10-K...`}</p>
          <div
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress?.percent ?? 0}
            className="h-2 overflow-hidden rounded bg-amber-100"
          >
            <div className="h-full bg-amber-600 transition-all" style={{ width: `${progress?.percent ?? 0}%` }} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
