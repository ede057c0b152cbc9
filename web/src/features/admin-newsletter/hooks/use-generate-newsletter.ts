import { useEffect, useRef, useState } from 'react';

import { ApiError, userMessage } from '@/lib/api-client';
import { watchJob } from '@/lib/job-watch';
import { toast } from '@/lib/toast';
import type { NewsletterOut } from '@/types/generated/NewsletterOut';

import { type GenerateBody, generateNewsletter, getNewsletter, isWritten } from '../api/newsletter';

export type GenerationProgress = { stage: string; percent: number; message: string };

/** The 'Generation Failed' toast's description (spec 001 section 8). */
export const GENERATION_FAILED = 'Failed to generate newsletter';

/**
 * Generates a newsletter: the answer itself when the server writes it within its wait, else
 * the job is followed (its real stage and percent) and the newsletter read when it is done.
 */
export function useGenerateNewsletter() {
  const [result, setResult] = useState<NewsletterOut | null>(null);
  const [progress, setProgress] = useState<GenerationProgress | null>(null);
  const [pending, setPending] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const generate = async (body: GenerateBody) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPending(true);
    setProgress({ stage: 'Queued', percent: 0, message: 'Sending the request' });
    try {
      let answer = await generateNewsletter(body);
      if (!isWritten(answer)) {
        const job = await watchJob(answer.jobId, {
          signal: controller.signal,
          onUpdate: (j) =>
            setProgress({
              stage: j.progress?.stage ?? 'Queued',
              percent: j.progress?.percent ?? 0,
              message: j.progress?.message ?? '',
            }),
        });
        if (job.status === 'failed') throw new Error(job.error ?? GENERATION_FAILED);
        answer = await getNewsletter(answer.jobId);
        if (!isWritten(answer)) throw new Error(GENERATION_FAILED);
      }
      setResult(answer);
      toast({ title: 'Newsletter Generated!', description: answer.title });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('Newsletter generation failed', error);
      const reason = error instanceof ApiError || !(error instanceof Error) ? userMessage(error, GENERATION_FAILED) : error.message;
      toast({ title: 'Generation Failed', description: reason || GENERATION_FAILED, variant: 'destructive' });
    } finally {
      if (!controller.signal.aborted) {
        setPending(false);
        setProgress(null);
      }
    }
  };

  return { generate, result, progress, pending };
}
