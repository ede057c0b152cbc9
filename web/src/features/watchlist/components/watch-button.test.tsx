import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { stubFetch } from '@/testing/fake-api';
import { TestSWRConfig } from '@/testing/swr';

import { WatchButton } from './watch-button';

afterEach(() => vi.unstubAllGlobals());

const list = (symbols: string[]) => ({
  status: 200,
  body: {
    stocks: symbols.map((symbol) => ({
      symbol,
      companyName: null,
      score: 70,
      band: 'green',
      addedAt: '2026-11-01T00:00:00Z',
      changeSinceAdded: 0,
      changeSinceLastWeek: null,
      lastChangeReason: null,
    })),
    weakestQuestions: [],
    limit: 50,
  },
});

describe('WatchButton', () => {
  it('adds the stock, then shows it as watched', async () => {
    let watched: string[] = [];
    const spy = stubFetch({
      '/api/watchlist': () => list(watched),
      '/api/watchlist/AAPL': (_url, init) => {
        watched = init?.method === 'DELETE' ? [] : ['AAPL'];
        return { status: 200, body: { symbol: 'AAPL', watching: watched.length > 0, count: watched.length, limit: 50 } };
      },
    });
    render(
      <TestSWRConfig>
        <WatchButton symbol="AAPL" />
      </TestSWRConfig>,
    );
    const button = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Watching' })).toHaveAttribute('aria-pressed', 'true');
    expect(spy.mock.calls.some(([url, init]) => String(url).endsWith('/api/watchlist/AAPL') && init?.method === 'POST')).toBe(true);
  });

  it("shows the server's refusal when the list is full", async () => {
    stubFetch({
      '/api/watchlist': () => list([]),
      '/api/watchlist/KO': { status: 409, body: { message: "You're watching 50 stocks already." } },
    });
    render(
      <TestSWRConfig>
        <WatchButton symbol="KO" />
      </TestSWRConfig>,
    );
    const button = await screen.findByRole('button', { name: 'Watch' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Watch' })).toBeEnabled());
  });
});
