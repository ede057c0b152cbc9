import type { JobStatus } from '@/types/generated/JobStatus';

const COLOURS: Record<JobStatus, string> = {
  queued: 'bg-stone-100 text-stone-800',
  running: 'bg-sky-100 text-sky-900',
  retrying: 'bg-amber-100 text-amber-900',
  succeeded: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/** A job's state as a coloured word (the word carries the meaning; the colour only helps). */
export function StatusBadge({ status }: { status: JobStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${COLOURS[status]}`}>{status}</span>;
}
