import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { calledUrls, stubFetch } from '@/testing/fake-api';
import { TestSWRConfig } from '@/testing/swr';

import { TickerSearch } from './ticker-search';

const HITS = [
  { ticker: 'AAPL', name: 'Apple Inc.' },
  { ticker: 'APLE', name: 'Apple Hospitality REIT, Inc.' },
];

function renderSearch() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <TickerSearch /> },
      { path: '/stock/:ticker', element: <TickerSearch /> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <TestSWRConfig>
      <RouterProvider router={router} />
    </TestSWRConfig>,
  );
  return { router, input: screen.getByRole('combobox') };
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const searches = (spy: ReturnType<typeof stubFetch>) => calledUrls(spy).filter((u) => u.startsWith('/api/tickers/search'));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ticker search', () => {
  it('waits 500 ms after the last keystroke, then sends one request', async () => {
    const spy = stubFetch({ '/api/tickers/search': { status: 200, body: HITS } });
    const { input } = renderSearch();
    type(input, 'a');
    await advance(200);
    type(input, 'ap');
    await advance(200);
    type(input, 'apple');
    await advance(499);
    expect(searches(spy)).toEqual([]);
    await advance(1);
    expect(searches(spy)).toEqual(['/api/tickers/search?q=apple']);
  });

  it('never sends a blank or whitespace-only query, and trims the rest', async () => {
    const spy = stubFetch({ '/api/tickers/search': { status: 200, body: HITS } });
    const { input } = renderSearch();
    type(input, '   ');
    await advance(600);
    expect(searches(spy)).toEqual([]);
    type(input, '  aapl ');
    await advance(600);
    expect(searches(spy)).toEqual(['/api/tickers/search?q=aapl']);
  });

  it('shows ticker and name, hides after a pick and shows again when the query changes', async () => {
    stubFetch({ '/api/tickers/search': { status: 200, body: HITS } });
    const { router, input } = renderSearch();
    type(input, 'apple');
    await advance(600);
    const list = screen.getByRole('listbox');
    expect(list).toHaveClass('max-h-60'); // 15rem
    expect(screen.getAllByRole('option')).toHaveLength(2);
    expect(screen.getByText('Apple Hospitality REIT, Inc.')).toBeInTheDocument();
    // Tickers use the ticker face (O and 0 look different), not the monospace one.
    expect(screen.getByText('AAPL')).toHaveClass('font-ticker');
    expect(screen.getByText('AAPL')).not.toHaveClass('font-mono');

    fireEvent.click(screen.getByText('Apple Inc.'));
    await advance(0);
    expect(router.state.location.pathname).toBe('/stock/AAPL');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();

    type(screen.getByRole('combobox'), 'appl');
    await advance(600);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('a failed search shows nothing and says nothing', async () => {
    stubFetch({ '/api/tickers/search': { status: 500, body: 'boom' } });
    const { input } = renderSearch();
    type(input, 'apple');
    await advance(600);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('Enter on a name picks the top match, even before the list has appeared', async () => {
    stubFetch({ '/api/tickers/search': { status: 200, body: HITS } });
    const { router, input } = renderSearch();
    type(input, 'apple');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await advance(0);
    expect(router.state.location.pathname).toBe('/stock/AAPL');
  });

  it('says "No matches" when nothing matches', async () => {
    stubFetch({ '/api/tickers/search': { status: 200, body: [] } });
    const { input } = renderSearch();
    type(input, 'zzzzqq');
    await advance(600);
    expect(screen.getByRole('status')).toHaveTextContent('No matches');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it("never shows the previous query's results while a new one is in flight", async () => {
    stubFetch({ '/api/tickers/search': { status: 200, body: HITS } });
    const { input } = renderSearch();
    type(input, 'apple');
    await advance(600);
    expect(screen.getAllByRole('option')).toHaveLength(2);
    type(input, 'micro');
    await advance(100);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByText('Apple Inc.')).not.toBeInTheDocument();
  });

  it('Enter on a typed ticker opens its page', async () => {
    stubFetch({ '/api/tickers/search': { status: 200, body: [] } });
    const { router, input } = renderSearch();
    type(input, 'msft');
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await advance(0);
    expect(router.state.location.pathname).toBe('/stock/MSFT');
  });
});
