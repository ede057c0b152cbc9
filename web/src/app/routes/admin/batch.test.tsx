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

const admin = (extra: FakeApi = {}): FakeApi => ({
  ...signedIn({ username: 'admin@example.com', isAdmin: true }),
  '/api/admin/analyzable-stocks': { status: 200, body: ['AAPL', 'MSFT', 'NVDA'] },
  '/api/admin/batch-job/status': { status: 200, body: idle },
  '/api/admin/batch-job/results': { status: 200, body: [] },
  '/api/admin/batch-job/can-start': { status: 200, body: { canStart: true, reason: null, waitTime: 0 } },
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

/** What the notifications region shows (toasts are role status, or alert when destructive). */
async function toastText() {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return region.textContent ?? '';
}

describe('admin batch', () => {
  it('refuses to start with no stock selected', async () => {
    const spy = stubFetch(admin());
    renderRoute('/admin/batch');
    await screen.findByRole('heading', { name: 'Admin Batch Analysis' });
    await screen.findByLabelText('AAPL');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze 0 Stocks' }));
    await waitFor(async () => expect(await toastText()).toContain('Please select at least one stock to analyze.'));
    expect(spy.mock.calls.some(([u]) => String(u).includes('/batch-job/start'))).toBe(false);
  });

  it('starts the selected stocks with the chosen delay', async () => {
    let sent: unknown = null;
    stubFetch(
      admin({
        '/api/admin/batch-job/start': (_url, init) => {
          sent = JSON.parse(String(init?.body));
          return { status: 200, body: { message: 'Batch job started', batchId: 1, totalTickers: 2, delaySeconds: 45 } };
        },
      }),
    );
    renderRoute('/admin/batch');
    fireEvent.click(await screen.findByLabelText('AAPL'));
    fireEvent.click(screen.getByLabelText('NVDA'));
    fireEvent.change(screen.getByLabelText(/Delay between stocks/), { target: { value: '45' } });
    fireEvent.click(screen.getByRole('button', { name: 'Analyze 2 Stocks' }));
    await waitFor(async () => expect(await toastText()).toContain('Batch Job Started'));
    expect(sent).toEqual({ symbols: ['AAPL', 'NVDA'], delaySeconds: 45 });
  });

  it('Quick Run uses 5 seconds; a cool-down refusal reads in whole minutes', async () => {
    let delay: unknown = null;
    stubFetch(
      admin({
        '/api/admin/batch-job/start': (_url, init) => {
          delay = (JSON.parse(String(init?.body)) as { delaySeconds: number }).delaySeconds;
          return { status: 409, body: { message: 'Must wait 2 more minutes after previous job completion', waitTime: 61 } };
        },
      }),
    );
    renderRoute('/admin/batch');
    fireEvent.click(await screen.findByRole('button', { name: 'Select All' }));
    fireEvent.click(screen.getByRole('button', { name: 'Quick Run' }));
    await waitFor(async () => expect(await toastText()).toContain('Job Cannot Start'));
    expect(await toastText()).toContain('Must wait 2 more minutes after previous job completion');
    expect(delay).toBe(5);
  });

  it('shows a running batch with its progress and stops it', async () => {
    let stopped = false;
    stubFetch(
      admin({
        '/api/admin/batch-job/status': () => ({
          status: 200,
          body: stopped
            ? { ...idle, state: 'stopped', totalTickers: 3, completedTickers: 1 }
            : { ...idle, isRunning: true, state: 'running', totalTickers: 3, completedTickers: 1, currentTicker: 'MSFT', startedAt: new Date().toISOString() },
        }),
        '/api/admin/batch-job/stop': () => {
          stopped = true;
          return { status: 200, body: { message: 'Batch job stopped' } };
        },
      }),
    );
    renderRoute('/admin/batch');
    expect(await screen.findByText('1 of 3 stocks done')).toBeInTheDocument();
    expect(screen.getByText('Current ticker: MSFT')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Batch progress' })).toHaveAttribute('aria-valuenow', '1');
    fireEvent.click(screen.getByRole('button', { name: 'Stop Job' }));
    await waitFor(async () => expect(await toastText()).toContain('Batch job stopped'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop Job' })).not.toBeInTheDocument());
    // The status names the stock the batch was on when it was cancelled.
    expect(screen.getByText('Stopped at MSFT')).toBeInTheDocument();
    expect(await toastText()).toContain('Stopped at MSFT.');
  });

  it('lists results with score colours and N/A', async () => {
    stubFetch(
      admin({
        '/api/admin/batch-job/results': {
          status: 200,
          body: [
            { id: 2, tickerSymbol: 'AAPL', companyName: 'Apple Inc.', industry: 'Electronic Computers', score: 72, analysisDate: '2026-08-18T12:00:00Z' },
            { id: 1, tickerSymbol: 'MSFT', companyName: 'MICROSOFT CORP', industry: null, score: null, analysisDate: '2026-08-18T12:00:00Z' },
          ],
        },
      }),
    );
    renderRoute('/admin/batch');
    fireEvent.click(await screen.findByRole('tab', { name: 'Results History' }));
    const table = await screen.findByRole('table');
    const [, apple, microsoft] = within(table).getAllByRole('row');
    expect(within(apple!).getByText('72')).toHaveClass('text-green-700');
    expect(within(microsoft!).getByText('N/A')).toBeInTheDocument();
    // Dates read like the other admin tables ("Aug 18, 2026"), not "8/18/2026, 12:00:00 PM".
    expect(within(apple!).getByText('Aug 18, 2026')).toBeInTheDocument();
  });
});
