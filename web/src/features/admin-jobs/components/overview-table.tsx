import { Button } from '@/components/ui/button';
import type { QueueOverview } from '@/types/generated/QueueOverview';

import { waited } from '../utils/durations';

type Props = {
  queues: QueueOverview[];
  /** Asks to pause (true) or resume (false) a queue. */
  onPause: (queue: string, paused: boolean) => void;
  /** Shows the queue's jobs in the list below. */
  onSelect: (queue: string) => void;
};

const COUNTS = ['queued', 'running', 'retrying', 'succeeded', 'failed'] as const;

/** Every queue by state: counts, the oldest waiting job's age, failures in the last hour, paused or not. */
export function OverviewTable({ queues, onPause, onSelect }: Props) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Jobs by queue and state</caption>
        <thead className="text-xs text-stone-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Queue
            </th>
            {COUNTS.map((c) => (
              <th key={c} scope="col" className="px-2 py-2 text-right">
                {c}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-right">
              Oldest waiting
            </th>
            <th scope="col" className="px-2 py-2 text-right">
              Failed last hour
            </th>
            <th scope="col" className="py-2 pl-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200">
          {queues.map((q) => (
            <tr key={q.queue} aria-label={`Queue ${q.queue}`}>
              <th scope="row" className="py-2 pr-3 font-semibold">
                <button type="button" className="text-amber-900 underline" onClick={() => onSelect(q.queue)} aria-label={`Show jobs of ${q.queue}`}>
                  {q.queue}
                </button>
                {q.paused ? <span className="ml-2 rounded-full bg-stone-800 px-2 py-0.5 text-xs text-white">paused</span> : null}
              </th>
              {COUNTS.map((c) => (
                <td key={c} className={`px-2 py-2 text-right tabular-nums ${c === 'failed' && q[c] > 0 ? 'font-bold text-red-800' : ''}`}>
                  {q[c]}
                </td>
              ))}
              <td className="px-2 py-2 text-right tabular-nums">{waited(q.oldestWaitingSecs)}</td>
              <td className="px-2 py-2 text-right tabular-nums">{q.failedLastHour}</td>
              <td className="py-2 pl-3">
                <Button
                  variant="outline"
                  className="px-2 py-1 text-xs"
                  aria-label={`${q.paused ? 'Resume' : 'Pause'} queue ${q.queue}`}
                  onClick={() => onPause(q.queue, !q.paused)}
                >
                  {q.paused ? 'Resume' : 'Pause'}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
