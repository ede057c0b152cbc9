import type { AdminJobOut } from '@/types/generated/AdminJobOut';
import type { JobStatus } from '@/types/generated/JobStatus';

import type { JobFilter } from '../api/jobs';
import { when } from '../utils/durations';
import { StatusBadge } from './status-badge';

const STATES: JobStatus[] = ['queued', 'running', 'retrying', 'succeeded', 'failed'];

type Props = {
  jobs: AdminJobOut[];
  queues: string[];
  filter: JobFilter;
  onFilter: (filter: JobFilter) => void;
  selected: string | null;
  onOpen: (id: string) => void;
};

const SELECT = 'rounded-lg border border-stone-300 bg-white px-3 py-2';

/** The jobs, newest first, with filters by queue and state; a row opens the job. */
export function JobList({ jobs, queues, filter, onFilter, selected, onOpen }: Props) {
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <label className="text-sm font-semibold text-stone-800">
          Queue{' '}
          <select className={SELECT} value={filter.queue} onChange={(e) => onFilter({ ...filter, queue: e.target.value })}>
            <option value="">All queues</option>
            {queues.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-stone-800">
          State{' '}
          <select className={SELECT} value={filter.state} onChange={(e) => onFilter({ ...filter, state: e.target.value as JobStatus | '' })}>
            <option value="">All states</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      {jobs.length === 0 ? (
        <p className="text-stone-600">Nothing on the workbench that fits. Quiet as a porch on a Sunday morning.</p>
      ) : (
        <ul aria-label="Jobs" className="divide-y divide-stone-200">
          {jobs.map((job) => (
            <li key={job.id} className={`flex flex-wrap items-center gap-3 px-2 py-2 ${job.id === selected ? 'bg-amber-50' : ''}`}>
              <StatusBadge status={job.status} />
              <button
                type="button"
                className="text-left font-semibold text-amber-900 underline"
                aria-current={job.id === selected ? 'true' : undefined}
                onClick={() => onOpen(job.id)}
              >
                {job.queue} <span className="font-mono text-xs font-normal">{job.id}</span>
              </button>
              <span className="ml-auto text-xs text-stone-600">
                attempt {job.attempts} of {job.maxAttempts} · {when(job.doneAt ?? job.runAt)}
              </span>
              {job.error ? <span className="w-full truncate text-xs text-red-800">{job.error}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
