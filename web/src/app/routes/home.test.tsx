import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { calledUrls, type FakeApi, SIGNED_OUT, signedIn, stubFetch } from '@/testing/fake-api';

const TOP = [
  { symbol: 'NVDA', score: 81, companyName: 'NVIDIA Corp', answeredQuestions: 12, scoreBasis: '12 of 12' },
  { symbol: 'AAPL', score: 64, companyName: 'Apple Inc.', answeredQuestions: 11, scoreBasis: '11 of 12' },
  { symbol: 'SNOW', score: 31, companyName: 'Snowflake Inc.', answeredQuestions: 10, scoreBasis: '10 of 12' },
];

const base = (extra: FakeApi = {}): FakeApi => ({
  ...SIGNED_OUT,
  '/api/top-stocks': { status: 200, body: TOP },
  '/api/content': { status: 200, body: [] },
  '/api/anonymous/session/anon-1': { status: 200, body: { exists: true, searchCount: 1, remainingSearches: 2, requiresSignup: false } },
  ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('home page', () => {
  it('shows the welcome card with the search box', async () => {
    stubFetch(base());
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: "Howdy, I'm Bubba." })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Search for a stock/ })).toBeInTheDocument();
  });

  it('lists the Top 25 with rank, symbol, company and a banded score; a row opens the stock', async () => {
    stubFetch(base());
    const { router } = renderRoute('/');
    const table = await screen.findByRole('table', { name: 'Top 25 stocks by score' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Rank', 'Symbol', 'Company', 'Score']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('81')).toHaveAttribute('data-band', 'green');
    expect(within(rows[1]!).getByText('64')).toHaveAttribute('data-band', 'yellow');
    expect(within(rows[2]!).getByText('31')).toHaveAttribute('data-band', 'red');
    // Each row says how many questions its score rests on.
    expect(within(rows[1]!).getByTestId('score-basis')).toHaveTextContent('on 11 of 12');
    fireEvent.click(rows[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock/SNOW'));
  });

  it('retries the ranking once after a second, then falls back to the 10-stock preview', async () => {
    const spy = stubFetch(base({ '/api/top-stocks': { status: 500, body: 'down' } }));
    renderRoute('/');
    expect(await screen.findByTestId('top-stocks-preview', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(calledUrls(spy).filter((u) => u === '/api/top-stocks')).toHaveLength(2);
    const table = screen.getByRole('table', { name: 'Preview stocks' });
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(10);
  });

  it('falls back to the preview when the ranking is empty', async () => {
    stubFetch(base({ '/api/top-stocks': { status: 200, body: [] } }));
    renderRoute('/');
    expect(await screen.findByTestId('top-stocks-preview')).toBeInTheDocument();
  });

  it('Popular Stocks shows the 8 tickers as links', async () => {
    stubFetch(base());
    renderRoute('/');
    fireEvent.click(await screen.findByRole('tab', { name: 'Popular Stocks' }));
    const panel = screen.getByRole('tabpanel');
    const links = within(panel).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['AAPL', 'MSFT', 'GOOG', 'AMZN', 'META', 'TSLA', 'NVDA', 'JPM']);
    expect(links[0]).toHaveAttribute('href', '/stock/AAPL');
  });

  it('shows the trial counter and the sign-up hint to a signed-out visitor', async () => {
    localStorage.setItem('anonymous_session_id', 'anon-1');
    stubFetch(base());
    renderRoute('/');
    expect(await screen.findByText('2 of 3 free analyses left')).toBeInTheDocument();
    expect(screen.getByText(/First 3 analyses are on the house/)).toBeInTheDocument();
  });

  it('creates the anonymous session id on a signed-out first visit', async () => {
    stubFetch(base());
    renderRoute('/');
    await screen.findByTestId('trial-counter');
    expect(localStorage.getItem('anonymous_session_id')).toMatch(/.{8,}/);
  });

  it('hides the trial counter and the hint when signed in', async () => {
    stubFetch(base(signedIn()));
    renderRoute('/');
    await screen.findByRole('table', { name: 'Top 25 stocks by score' });
    expect(screen.queryByTestId('trial-counter')).not.toBeInTheDocument();
    expect(screen.queryByText(/First 3 analyses are on the house/)).not.toBeInTheDocument();
    expect(localStorage.getItem('anonymous_session_id')).toBeNull();
  });
});

describe('latest content', () => {
  it('is hidden when there is nothing to show', async () => {
    stubFetch(base());
    renderRoute('/');
    await screen.findByRole('table', { name: 'Top 25 stocks by score' });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading latest content' })).not.toBeInTheDocument());
    expect(screen.queryByText('Fresh off the porch')).not.toBeInTheDocument();
  });

  it('shows an error with Try Again, which asks again', async () => {
    let calls = 0;
    stubFetch(
      base({
        '/api/content': () =>
          ++calls === 1
            ? { status: 500, body: '' }
            : {
                status: 200,
                body: [{ id: 1, title: 'Reading a 10-K on the porch', url: 'https://example.com/a', type: 'substack', publishedAt: new Date().toISOString(), readTime: '5 min read' }],
              },
      }),
    );
    renderRoute('/');
    expect(await screen.findByText('Unable to load latest content')).toBeInTheDocument();
    expect(screen.getByText('Failed to load content')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Reading a 10-K on the porch')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read More' })).toHaveAttribute('href', 'https://example.com/a');
    expect(screen.getByText('Newsletter')).toBeInTheDocument();
  });
});
