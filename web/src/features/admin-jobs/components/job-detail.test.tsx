import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import type { AdminJobDetailOut } from '@/types/generated/AdminJobDetailOut';

import { JobDetail } from './job-detail';

const FAILED: AdminJobDetailOut = {
  id: '01JABCDEF0123456789ABCDEFG',
  queue: 'auto-analyze-10k',
  status: 'failed',
  attempts: 1,
  maxAttempts: 1,
  runAt: '2026-11-27T03:00:00Z',
  doneAt: '2026-11-27T03:00:05Z',
  error: 'No 10-K found for ZZZZQ',
  args: { symbol: 'ZZZZQ' },
  failedAttempts: [{ attempt: 1, error: 'No 10-K found for ZZZZQ', failedAt: '2026-11-27T03:00:05Z' }],
  progress: null,
  timeline: { queuedAt: '2026-11-27T03:00:00Z', runAt: '2026-11-27T03:00:00Z', startedAt: null, finishedAt: '2026-11-27T03:00:05Z', progressAt: null },
  origin: { startedBy: 'admin@example.com', screen: '/admin', action: 'Auto-Analyze 10K' },
  queuePaused: false,
};

const renderDetail = (job: AdminJobDetailOut, handlers = { onRetry: vi.fn(), onCancel: vi.fn() }) => {
  render(
    <MemoryRouter>
      <JobDetail job={job} busy={false} {...handlers} />
    </MemoryRouter>,
  );
  return handlers;
};

describe('JobDetail', () => {
  it('shows a failed job: its error, arguments, where the admin started it, and a Retry', () => {
    const { onRetry } = renderDetail(FAILED);
    const errors = screen.getByRole('region', { name: 'Errors' });
    expect(within(errors).getByText(/No 10-K found for ZZZZQ/)).toBeInTheDocument();
    // The last error is the listed attempt's: not shown twice.
    expect(within(errors).queryByText(/Last run/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Arguments' })).toHaveTextContent('"symbol": "ZZZZQ"');
    expect(screen.getByRole('link', { name: '/admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getByText(/Started by/)).toHaveTextContent('Started by admin@example.com with “Auto-Analyze 10K” on /admin.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows a running job with its progress bar, and allows only Cancel', () => {
    renderDetail({
      ...FAILED,
      status: 'running',
      error: null,
      failedAttempts: [],
      origin: null,
      queuePaused: true,
      progress: { stage: 'download', percent: 40, message: 'Reading the 10-K', updatedAt: '2026-11-27T03:00:02Z' },
    });
    expect(screen.getByRole('progressbar', { name: 'download: Reading the 10-K' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('No failures. Knock on wood.')).toBeInTheDocument();
    expect(screen.getByText(/Its queue is paused/)).toBeInTheDocument();
    expect(screen.queryByText(/Started by/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
