import { useState } from 'react';
import { useSWRConfig } from 'swr';

import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { type JobFilter, cancelJob, retryJob, setQueuePaused, useAdminJob, useAdminJobs, useQueueOverview } from '../api/jobs';
import { JobDetail } from './job-detail';
import { JobList } from './job-list';
import { OverviewTable } from './overview-table';

/**
 * `/admin/jobs`: every queue by state, the jobs with filters, and one job in full, with retry,
 * cancel, pause and resume. Everything re-reads every 2 s, so the page follows the queue live.
 */
export function JobsPage() {
  const overview = useQueueOverview();
  const [filter, setFilter] = useState<JobFilter>({ queue: '', state: '' });
  const list = useAdminJobs(filter);
  const [openId, setOpenId] = useState<string | null>(null);
  const detail = useAdminJob(openId);
  const [busy, setBusy] = useState(false);
  const { mutate } = useSWRConfig();
  const refresh = () => mutate((key) => typeof key === 'string' && key.startsWith('/api/admin/jobs'));

  if (overview.isLoading) return <Spinner label="Loading the queues" />;
  if (overview.error) {
    return (
      <Card className="mx-auto max-w-md text-center">
        <h1 className="font-serif text-2xl font-bold text-amber-900">Access Denied</h1>
        <p className="mt-2 text-stone-600">You don't have permission to access this admin page.</p>
      </Card>
    );
  }

  async function act(title: string, action: () => Promise<{ message: string }>) {
    setBusy(true);
    try {
      const { message } = await action();
      toast({ title, description: message });
    } catch (err) {
      toast({ title: `${title} refused`, description: userMessage(err, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  function onPause(queue: string, paused: boolean) {
    if (paused && !window.confirm(`Pause queue ${queue}? No job of it starts until you resume it.`)) return;
    void act(paused ? 'Queue paused' : 'Queue resumed', () => setQueuePaused(queue, paused));
  }

  function onCancel(id: string) {
    if (!window.confirm('Cancel this job? A waiting job fails for good; a running one stops at its next step.')) return;
    void act('Job cancelled', () => cancelJob(id));
  }

  const queues = overview.data ?? [];
  return (
    <div className="space-y-6">
      <PageTitle title="Jobs" subtitle="Every queue and job the workers run: what waits, what runs, what failed and why." />
      <Card>
        <h2 className="mb-3 font-serif text-xl font-bold text-amber-900">Queues</h2>
        <OverviewTable queues={queues} onPause={onPause} onSelect={(queue) => setFilter({ ...filter, queue })} />
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="mb-3 font-serif text-xl font-bold text-amber-900">Jobs</h2>
          {list.data ? (
            <JobList
              jobs={list.data}
              queues={queues.map((q) => q.queue)}
              filter={filter}
              onFilter={setFilter}
              selected={openId}
              onOpen={setOpenId}
            />
          ) : (
            <Spinner label="Loading jobs" />
          )}
        </Card>
        <Card>
          {!openId ? (
            <p className="text-stone-600">Pick a job from the list to see its arguments, errors and timeline.</p>
          ) : detail.data ? (
            <JobDetail job={detail.data} busy={busy} onRetry={() => void act('Job retried', () => retryJob(openId))} onCancel={() => onCancel(openId)} />
          ) : detail.error ? (
            <p className="text-red-800">{userMessage(detail.error, 'That job could not be read.')}</p>
          ) : (
            <Spinner label="Loading the job" />
          )}
        </Card>
      </div>
    </div>
  );
}
