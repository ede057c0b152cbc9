import { useEffect, useRef, useState } from 'react';

import { ANALYSIS_TIMEOUT_MS } from '@/config/constants';
import { watchJob } from '@/lib/job-watch';
import type { AnalysisRecord, Job, QuestionPeers } from '@/types/analysis';

import { getAnalysis } from '../api/get-analysis';
import { type AnalysisError, analysisErrorFromMessage, ANALYSIS_MESSAGES, toAnalysisError } from '../utils/analysis-errors';

export type AnalysisProgress = {
  stage: string;
  percent: number;
  status: Job['status'] | 'starting';
  attempts?: number;
  maxAttempts?: number;
};

export type AnalysisState =
  | { status: 'loading'; progress: AnalysisProgress }
  | { status: 'ready'; record: AnalysisRecord; peers: QuestionPeers[] }
  | { status: 'error'; error: AnalysisError };

const STARTING: AnalysisProgress = { stage: 'Asking for the analysis', percent: 0, status: 'starting' };

/** A job may succeed while a newer one starts (fresh filing); follow at most this many. */
const MAX_ROUNDS = 3;

class TimeoutError extends Error {}

/**
 * Loads the analysis of `ticker`: asks for it, follows the job's real progress
 * (stage and percent from the worker) when one is queued, then asks again for
 * the finished record. Everything resets when the ticker changes. Nothing is
 * asked until `enabled` (the page knows who is asking: user or anonymous id).
 */
export function useStockAnalysis(
  ticker: string,
  onReady?: (record: AnalysisRecord) => void,
  enabled = true,
): AnalysisState {
  const [state, setState] = useState<AnalysisState>({ status: 'loading', progress: STARTING });
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    setState({ status: 'loading', progress: STARTING });
    const timer = setTimeout(() => controller.abort(new TimeoutError('timed out')), ANALYSIS_TIMEOUT_MS);

    const onUpdate = (job: Job) => {
      if (signal.aborted) return;
      const progress: AnalysisProgress = {
        stage: job.progress?.stage || (job.status === 'queued' ? 'Waiting in line' : 'Getting started'),
        percent: job.progress?.percent ?? 0,
        status: job.status,
        attempts: job.attempts,
        maxAttempts: job.maxAttempts,
      };
      setState({ status: 'loading', progress });
    };

    (async () => {
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const outcome = await getAnalysis(ticker, signal);
        if (outcome.kind === 'ready') {
          setState({ status: 'ready', record: outcome.record, peers: outcome.peers });
          onReadyRef.current?.(outcome.record);
          return;
        }
        const job = await watchJob(outcome.jobId, { onUpdate, signal });
        if (job.status === 'failed') {
          setState({ status: 'error', error: analysisErrorFromMessage(job.error || 'Error analyzing stock') });
          return;
        }
      }
      setState({ status: 'error', error: { kind: 'rate', message: ANALYSIS_MESSAGES.rate } });
    })().catch((error: unknown) => {
      if (signal.reason instanceof TimeoutError) {
        setState({ status: 'error', error: { kind: 'rate', message: ANALYSIS_MESSAGES.rate } });
      } else if (!signal.aborted) {
        setState({ status: 'error', error: toAnalysisError(error) });
      }
    });

    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [ticker, enabled]);

  return state;
}
