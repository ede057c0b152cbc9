import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

import { changesPages, startBackfill, trendsKeys, useBackfillProgress } from '../api/trends';

/**
 * Score history from the filings: queues the scoring of every scored company's last 12 quarters
 * (each as of its end, from what was filed by then) and follows the queue until it drains, then
 * reloads the trends. A company's first analysis queues its own backfill; this is for the rest.
 */
export function BackfillCard({ empty }: { empty: boolean }) {
  const { data: progress, mutate } = useBackfillProgress();
  const { mutate: reload } = useSWRConfig();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const busy = progress ? progress.waiting + progress.running > 0 : false;
  const wasBusy = useRef(false);
  useEffect(() => {
    // The queue just drained: the changes and movers have new rows to show.
    if (wasBusy.current && !busy) {
      for (const key of [changesPages.cacheKey, trendsKeys.improved, trendsKeys.declined]) void reload(key);
    }
    wasBusy.current = busy;
  }, [busy, reload]);

  const start = async () => {
    setStarting(true);
    setError(null);
    try {
      const out = await startBackfill();
      await mutate(out.progress, { revalidate: false });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The backfill could not be queued.');
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card>
      <h2 className="mb-1 font-serif text-xl font-bold text-stone-800">Score history</h2>
      <p className="mb-3 text-sm text-stone-700">
        {empty
          ? 'No stock has two stored quarters yet, so there is nothing to compare. Backfill scores each company as of the end of its last 12 quarters, from what it had filed by then.'
          : 'Backfill scores the last 12 quarters of every scored company that lacks them, each from what was filed by then.'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={start} disabled={starting || busy}>
          {busy ? 'Backfilling…' : 'Backfill history'}
        </Button>
        {progress ? (
          <p className="text-sm text-stone-700" role="status" aria-live="polite" data-testid="backfill-progress">
            {busy
              ? `${progress.running} running, ${progress.waiting} waiting, ${progress.done} done`
              : progress.done + progress.failed > 0
                ? `${progress.done} companies backfilled${progress.failed ? `, ${progress.failed} could not be` : ''}.`
                : null}
          </p>
        ) : null}
      </div>
      {error ? (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </Card>
  );
}
