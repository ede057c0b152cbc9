import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubFetch } from '@/testing/fake-api';
import { TestSWRConfig } from '@/testing/swr';

import { AlertsBell } from './alerts-bell';

afterEach(() => vi.unstubAllGlobals());

const ALERT = {
  id: 7,
  symbol: 'AAPL',
  previousScore: 72,
  currentScore: 64,
  previousBand: 'green',
  currentBand: 'yellow',
  reason: 'Debt 8 → 4: cash fell from $13.2B to $4.1B',
  questions: [],
  createdAt: '2026-11-27T05:00:00Z',
  read: false,
};

function renderBell() {
  const router = createMemoryRouter([{ path: '/', element: <AlertsBell /> }]);
  return render(
    <TestSWRConfig>
      <RouterProvider router={router} />
    </TestSWRConfig>,
  );
}

describe('AlertsBell', () => {
  it('shows the unread count, the list with reasons, and marks all read', async () => {
    let read = false;
    const spy = stubFetch({
      '/api/alerts': () => ({ status: 200, body: { unread: read ? 0 : 1, alerts: [{ ...ALERT, read }] } }),
      '/api/alerts/read': () => {
        read = true;
        return { status: 200, body: { marked: 1, unread: 0 } };
      },
    });
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Alerts, 1 unread' });
    expect(screen.getByTestId('alerts-unread')).toHaveTextContent('1');
    fireEvent.click(bell);
    expect(screen.getByRole('region', { name: 'Your alerts' })).toBeInTheDocument();
    expect(screen.getByText(ALERT.reason)).toBeInTheDocument();
    expect(screen.getByText(/72 → 64 \(green → yellow\)/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Alerts' })).toBeInTheDocument());
    expect(spy.mock.calls.some(([url, init]) => String(url).endsWith('/api/alerts/read') && init?.method === 'POST')).toBe(true);
  });

  it('says so when nothing moved', async () => {
    stubFetch({ '/api/alerts': { status: 200, body: { unread: 0, alerts: [] } } });
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Alerts' }));
    expect(await screen.findByText(/Quiet on the porch/)).toBeInTheDocument();
  });
});
