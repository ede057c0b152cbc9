import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import type { AdminJobDetailOut } from '@/types/generated/AdminJobDetailOut';

import { when } from '../utils/durations';
import { StatusBadge } from './status-badge';

type Props = {
  job: AdminJobDetailOut;
  busy: boolean;
  onRetry: () => void;
  onCancel: () => void;
};

/** One job: where it stands, who started it, its arguments, failed attempts, progress and timeline. */
export function JobDetail({ job, busy, onRetry, onCancel }: Props) {
  const canRetry = job.status === 'failed' || job.status === 'retrying';
  const canCancel = job.status === 'queued' || job.status === 'running' || job.status === 'retrying';
  // The last error may not be in the attempts list (a job failed before it was recorded).
  const lastListed = job.failedAttempts.at(-1)?.error;
  const timeline: [string, string | null | undefined][] = [
    ['Queued', job.timeline.queuedAt],
    ['Due to run', job.timeline.runAt],
    ['Started', job.timeline.startedAt],
    ['Last progress', job.timeline.progressAt],
    ['Finished', job.timeline.finishedAt],
  ];
  return (
    <article aria-label={`Job ${job.id}`} className="space-y-4">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="font-serif text-xl font-bold text-amber-900">
          {job.queue} <span className="font-mono text-sm text-stone-500">{job.id}</span>
        </h2>
        <span data-testid="job-status">
          <StatusBadge status={job.status} />
        </span>
        <span className="text-sm text-stone-600">
          attempt {job.attempts} of {job.maxAttempts}
        </span>
        <div className="ml-auto flex gap-2">
          <Button disabled={!canRetry || busy} onClick={onRetry}>
            Retry
          </Button>
          <Button variant="danger" disabled={!canCancel || busy} onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </header>
      {job.queuePaused ? (
        <p className="rounded-lg bg-stone-100 p-2 text-sm text-stone-800">Its queue is paused: it will not start until the queue is resumed.</p>
      ) : null}
      {job.origin ? (
        <p className="text-sm text-stone-700">
          Started by <strong>{job.origin.startedBy}</strong> with “{job.origin.action}” on{' '}
          <Link className="text-amber-900 underline" to={job.origin.screen}>
            {job.origin.screen}
          </Link>
          .
        </p>
      ) : null}
      {job.progress ? (
        <div>
          <p id={`progress-${job.id}`} className="text-sm text-stone-700">
            {job.progress.stage}: {job.progress.message}
          </p>
          <div
            role="progressbar"
            aria-labelledby={`progress-${job.id}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={job.progress.percent}
            className="mt-1 h-2 w-full rounded-full bg-stone-200"
          >
            <div className="h-2 rounded-full bg-amber-600" style={{ width: `${job.progress.percent}%` }} />
          </div>
        </div>
      ) : null}
      <section aria-label="Errors">
        <h3 className="font-semibold text-stone-900">Failed attempts</h3>
        {job.failedAttempts.length === 0 && !job.error ? (
          <p className="text-sm text-stone-600">No failures. Knock on wood.</p>
        ) : (
          <ol className="mt-1 space-y-1 text-sm">
            {job.failedAttempts.map((a) => (
              <li key={a.attempt} className="rounded bg-red-50 p-2 text-red-900">
                <span className="font-semibold">Attempt {a.attempt}</span> ({when(a.failedAt)}): {a.error}
              </li>
            ))}
            {job.error && job.error !== lastListed ? <li className="rounded bg-red-50 p-2 text-red-900">Last run: {job.error}</li> : null}
          </ol>
        )}
      </section>
      <section aria-label="Arguments">
        <h3 className="font-semibold text-stone-900">Arguments</h3>
        <pre className="mt-1 overflow-x-auto rounded-lg bg-stone-900 p-3 text-xs text-stone-100">{JSON.stringify(job.args, null, 2)}</pre>
      </section>
      <section aria-label="Timeline">
        <h3 className="font-semibold text-stone-900">Timeline</h3>
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {timeline.map(([label, at]) => (
            <div key={label} className="contents">
              <dt className="text-stone-600">{label}</dt>
              <dd className="text-stone-900">{when(at)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
