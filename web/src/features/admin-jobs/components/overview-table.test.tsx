import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { QueueOverview } from '@/types/generated/QueueOverview';

import { JobList } from './job-list';
import { OverviewTable } from './overview-table';

const row = (queue: string, extra: Partial<QueueOverview> = {}): QueueOverview => ({
  queue,
  paused: false,
  queued: 0,
  running: 0,
  retrying: 0,
  succeeded: 0,
  failed: 0,
  oldestWaitingSecs: null,
  failedLastHour: 0,
  ...extra,
});

describe('OverviewTable', () => {
  it('shows each queue by state, and pauses or resumes it', () => {
    const onPause = vi.fn();
    render(
      <OverviewTable
        queues={[row('analysis', { queued: 3, oldestWaitingSecs: 720, failed: 2, failedLastHour: 1 }), row('mail', { paused: true })]}
        onPause={onPause}
        onSelect={vi.fn()}
      />,
    );
    const analysis = screen.getByRole('row', { name: 'Queue analysis' });
    expect(within(analysis).getAllByRole('cell').map((c) => c.textContent)).toEqual(['3', '0', '0', '0', '2', '12 min', '1', 'Pause']);
    const mail = screen.getByRole('row', { name: 'Queue mail' });
    expect(mail).toHaveTextContent('paused');
    fireEvent.click(within(mail).getByRole('button', { name: 'Resume queue mail' }));
    expect(onPause).toHaveBeenCalledWith('mail', false);
    fireEvent.click(screen.getByRole('button', { name: 'Pause queue analysis' }));
    expect(onPause).toHaveBeenCalledWith('analysis', true);
  });
});

describe('JobList', () => {
  it('says so in Bubba’s words when no job fits the filters', () => {
    render(<JobList jobs={[]} queues={['analysis']} filter={{ queue: 'analysis', state: 'failed' }} onFilter={vi.fn()} selected={null} onOpen={vi.fn()} />);
    expect(screen.getByText(/Nothing on the workbench that fits/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Queue' })).toHaveValue('analysis');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('failed');
  });

  it('opens a job from its row', () => {
    const onOpen = vi.fn();
    const job = {
      id: '01JABCDEF0123456789ABCDEFG',
      queue: 'analysis',
      status: 'failed' as const,
      attempts: 5,
      maxAttempts: 5,
      runAt: '2026-11-27T03:00:00Z',
      doneAt: null,
      error: 'The SEC did not answer',
    };
    render(<JobList jobs={[job]} queues={['analysis']} filter={{ queue: '', state: '' }} onFilter={vi.fn()} selected={null} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole('button', { name: `analysis ${job.id}` }));
    expect(onOpen).toHaveBeenCalledWith(job.id);
  });
});
