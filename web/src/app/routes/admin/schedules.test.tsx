import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, signedIn, stubFetch } from '@/testing/fake-api';

const idle = {
  isRunning: false,
  completedTickers: 0,
  totalTickers: 0,
  currentTicker: null,
  startedAt: null,
  completedAt: null,
  errorMessage: null,
  state: null,
};

const stored = {
  id: 7,
  name: 'Market hours',
  selected_stocks: ['AAPL', 'MSFT'],
  frequency: 'hourly',
  days_of_week: [1, 2, 3, 4, 5],
  times: ['09:30', '10:30'],
  is_enabled: true,
  market_hours_only: true,
  interval_minutes: 60,
  next_run_time: '2026-11-23T14:30:00Z',
  last_run_time: null,
  created_by: 'admin@example.com',
  next_run_label: 'Mon, Nov 23, 6:30 AM PST',
  last_outcome: null,
};

const admin = (extra: FakeApi = {}): FakeApi => ({
  ...signedIn({ username: 'admin@example.com', isAdmin: true }),
  '/api/admin/analyzable-stocks': { status: 200, body: ['AAPL', 'MSFT', 'NVDA'] },
  '/api/admin/batch-job/status': { status: 200, body: idle },
  '/api/admin/batch-job/results': { status: 200, body: [] },
  '/api/admin/scheduled-jobs': { status: 200, body: [stored] },
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

async function toastText() {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return region.textContent ?? '';
}

async function openModal() {
  renderRoute('/admin/batch');
  fireEvent.click(await screen.findByRole('button', { name: 'New Schedule' }));
  return screen.getByRole('dialog', { name: 'New Schedule' });
}

describe('admin schedules', () => {
  it('the modal refuses a schedule with no name or no stock, in the spec words', async () => {
    const spy = stubFetch(admin());
    const dialog = await openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please provide a schedule name and select at least one stock.');
    fireEvent.change(within(dialog).getByLabelText('Schedule name'), { target: { value: 'Mornings' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please provide a schedule name and select at least one stock.');
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('the modal refuses an hourly interval off the 15-minute steps', async () => {
    stubFetch(admin());
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText('Schedule name'), { target: { value: 'Hourly' } });
    fireEvent.click(within(dialog).getByLabelText('Schedule AAPL'));
    fireEvent.change(within(dialog).getByLabelText('Frequency'), { target: { value: 'hourly' } });
    fireEvent.change(within(dialog).getByLabelText('Interval (minutes)'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The interval must be 15 to 360 minutes in steps of 15.');
  });

  it('creates a market-hours hourly schedule with generated times and closes', async () => {
    let sent: Record<string, unknown> | null = null;
    stubFetch(
      admin({
        '/api/admin/scheduled-jobs': (_url, init) => {
          if (init?.method === 'POST') {
            sent = JSON.parse(String(init.body)) as Record<string, unknown>;
            return { status: 201, body: stored };
          }
          return { status: 200, body: [stored] };
        },
      }),
    );
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText('Schedule name'), { target: { value: 'Market hours' } });
    fireEvent.click(within(dialog).getByLabelText('Schedule AAPL'));
    fireEvent.change(within(dialog).getByLabelText('Frequency'), { target: { value: 'hourly' } });
    fireEvent.click(within(dialog).getByLabelText(/Market hours only/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    await waitFor(async () => expect(await toastText()).toContain('Schedule Created'));
    expect(sent).toMatchObject({ frequency: 'hourly', interval_minutes: 60, market_hours_only: true, selected_stocks: ['AAPL'] });
    expect((sent as unknown as { times: string[] }).times[0]).toBe('09:30');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a refused save shows the server error under Creation Failed', async () => {
    stubFetch(
      admin({
        '/api/admin/scheduled-jobs': (_url, init) =>
          init?.method === 'POST'
            ? { status: 400, body: { error: 'Add at least one time.', message: 'Add at least one time.' } }
            : { status: 200, body: [] },
      }),
    );
    const dialog = await openModal();
    fireEvent.change(within(dialog).getByLabelText('Schedule name'), { target: { value: 'X' } });
    fireEvent.click(within(dialog).getByLabelText('Schedule AAPL'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Time' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Schedule' }));
    await waitFor(async () => expect(await toastText()).toContain('Creation Failed'));
    expect(await toastText()).toContain('Add at least one time.');
  });

  it('lists schedules with their next run in Los Angeles time, toggles and runs now', async () => {
    let toggled: unknown = null;
    let runNow: unknown = null;
    stubFetch(
      admin({
        '/api/admin/scheduled-jobs/7': (_url, init) => {
          toggled = JSON.parse(String(init?.body));
          return { status: 200, body: { ...stored, is_enabled: false } };
        },
        '/api/admin/scheduled-jobs/7/run-now': (_url, init) => {
          runNow = JSON.parse(String(init?.body));
          return { status: 200, body: { message: 'Batch job 3 started', batchId: 3 } };
        },
      }),
    );
    renderRoute('/admin/batch');
    fireEvent.click(await screen.findByRole('tab', { name: 'Scheduled Jobs' }));
    expect(await screen.findByText('Mon, Nov 23, 6:30 AM PST')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('switch', { name: 'Enable Market hours' }));
    await waitFor(async () => expect(await toastText()).toContain('Schedule Disabled'));
    expect(toggled).toMatchObject({ is_enabled: false, name: 'Market hours' });
    fireEvent.click(screen.getByRole('button', { name: 'Run Now' }));
    await waitFor(async () => expect(await toastText()).toContain('Ad Hoc Job Started'));
    expect(runNow).toEqual({ delaySeconds: 5 });
  });
});
