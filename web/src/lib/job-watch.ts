/** Following a queued job: `GET /api/jobs/{id}` and its server-sent events (stock page, newsletter). */
import { api } from '@/lib/api-client';
import type { Job } from '@/types/analysis';

/** GET /api/jobs/{id}, and its server-sent events at /api/jobs/{id}/events (event `job`). */
export const jobUrl = (id: string) => `/api/jobs/${encodeURIComponent(id)}`;

export const getJob = (id: string, signal?: AbortSignal) => api.get<Job>(jobUrl(id), { signal });

export const isFinal = (job: Job) => job.status === 'succeeded' || job.status === 'failed';

const POLL_MS = 1000;

type WatchOptions = { onUpdate: (job: Job) => void; signal: AbortSignal; pollMs?: number };

/**
 * Follows a job until it succeeds or fails, reporting every change. Uses the
 * event stream when the browser has EventSource and falls back to polling
 * GET /api/jobs/{id} if the stream is unavailable or drops before the end.
 */
export function watchJob(id: string, options: WatchOptions): Promise<Job> {
  if (typeof EventSource === 'undefined') return pollJob(id, options);
  return new Promise<Job>((resolve, reject) => {
    const source = new EventSource(`${jobUrl(id)}/events`);
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      source.close();
      options.signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => finish(() => reject(options.signal.reason ?? new DOMException('Aborted', 'AbortError')));
    options.signal.addEventListener('abort', onAbort);
    source.addEventListener('job', (event) => {
      try {
        const job = JSON.parse((event as MessageEvent<string>).data) as Job;
        options.onUpdate(job);
        if (isFinal(job)) finish(() => resolve(job));
      } catch (error) {
        finish(() => reject(error));
      }
    });
    // The stream dropped before a final status: carry on by polling.
    source.onerror = () => finish(() => pollJob(id, options).then(resolve, reject));
  });
}

async function pollJob(id: string, { onUpdate, signal, pollMs = POLL_MS }: WatchOptions): Promise<Job> {
  for (;;) {
    const job = await getJob(id, signal);
    onUpdate(job);
    if (isFinal(job)) return job;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, pollMs);
      signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
        },
        { once: true },
      );
    });
  }
}
