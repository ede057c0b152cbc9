import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubFetch } from '@/testing/fake-api';
import { TestSWRConfig } from '@/testing/swr';

import { MyStocks } from './my-stocks';

afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  const router = createMemoryRouter([{ path: '/my-stocks', element: <MyStocks /> }], { initialEntries: ['/my-stocks'] });
  return render(
    <TestSWRConfig>
      <RouterProvider router={router} />
    </TestSWRConfig>,
  );
}

describe('MyStocks', () => {
  it('lists each stock with its score, band, changes, reason and the weakest questions', async () => {
    stubFetch({
      '/api/watchlist': {
        status: 200,
        body: {
          stocks: [
            {
              symbol: 'AAPL',
              companyName: 'Apple Inc.',
              score: 64,
              band: 'yellow',
              addedAt: '2026-11-01T00:00:00Z',
              changeSinceAdded: -8,
              changeSinceLastWeek: 3,
              lastChangeReason: 'Debt 8 → 4: cash fell from $13.2B to $4.1B',
            },
            {
              symbol: 'KO',
              companyName: 'Coca-Cola Co',
              score: null,
              band: null,
              addedAt: '2026-11-02T00:00:00Z',
              changeSinceAdded: null,
              changeSinceLastWeek: null,
              lastChangeReason: null,
            },
          ],
          weakestQuestions: [{ number: 6, name: 'Debt', average: 3.5, stocks: 2 }],
          limit: 50,
        },
      },
    });
    renderPage();
    expect(await screen.findByRole('link', { name: 'AAPL' })).toHaveAttribute('href', '/stock/AAPL');
    expect(screen.getByText('64/100')).toBeInTheDocument();
    expect(screen.getByText('yellow')).toBeInTheDocument();
    expect(screen.getByLabelText('since added -8')).toBeInTheDocument();
    expect(screen.getByLabelText('since last week +3')).toBeInTheDocument();
    expect(screen.getByText(/Last change: Debt 8 → 4/)).toBeInTheDocument();
    expect(screen.getByText('Not scored yet')).toBeInTheDocument();
    expect(screen.getByText(/Debt: 3.5 out of 10 on average \(2 stocks\)/)).toBeInTheDocument();
    expect(screen.getByText(/2 of 50 spots/)).toBeInTheDocument();
  });

  it('says how to add a stock when the list is empty', async () => {
    stubFetch({ '/api/watchlist': { status: 200, body: { stocks: [], weakestQuestions: [], limit: 50 } } });
    renderPage();
    expect(await screen.findByText(/Nothing on your list yet/)).toBeInTheDocument();
  });
});
