import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, signedIn, stubFetch } from '@/testing/fake-api';

const scores = [8, 7, 6, 9, 7, 5, 4, 6, 3, 7, null, 10];
const batch = (url: URL) => {
  const out: Record<string, unknown> = {};
  for (const s of (url.searchParams.get('symbols') ?? '').split(',')) out[s] = { scores, companyName: `${s} Corp` };
  return { status: 200, body: out };
};

const api = (extra: FakeApi = {}): FakeApi => ({ ...signedIn(), '/api/stocks/batch': batch, ...extra });

afterEach(() => vi.unstubAllGlobals());

async function add(ticker: string) {
  const input = screen.getByLabelText(/Add a ticker/);
  fireEvent.change(input, { target: { value: ticker } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
}

describe('compare', () => {
  it('upper-cases, ignores blanks and duplicates, stops at 3 and disables the input', async () => {
    stubFetch(api());
    renderRoute('/analytics');
    await screen.findByRole('heading', { name: 'Enhanced Analytics' });
    await add('aapl');
    await add('   ');
    await add('AAPL');
    await add('msft');
    await add('nvda');
    const chips = within(screen.getByRole('list', { name: 'Tickers to compare' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent?.replace('×', ''))).toEqual(['AAPL', 'MSFT', 'NVDA']);
    expect(screen.getByLabelText(/Add a ticker/)).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove MSFT' }));
    expect(screen.getByLabelText(/Add a ticker/)).toBeEnabled();
  });

  it('shows cards with per-question scores and View Details, and a table view', async () => {
    stubFetch(api());
    renderRoute('/analytics?tab=compare');
    await screen.findByRole('heading', { name: 'Enhanced Analytics' });
    await add('aapl');
    const cards = await screen.findByTestId('compare-cards');
    expect(within(cards).getByText('AAPL Corp')).toBeInTheDocument();
    expect(within(cards).getByRole('link', { name: 'View Details' })).toHaveAttribute('href', '/stocks/AAPL');
    // 72 points over the 11 answered questions: 72 / 110 = 65%.
    expect(within(cards).getByText('65')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Table' }));
    const table = screen.getByTestId('compare-table');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 1 + 12 + 1);
  });

  it('labels a provisional score in cards and table', async () => {
    const provisional = (url: URL) => {
      const out: Record<string, unknown> = {};
      for (const s of (url.searchParams.get('symbols') ?? '').split(','))
        out[s] = { scores, companyName: `${s} Corp`, score: 64, answeredQuestions: 5, provisional: true, provisionalReason: 'only one year of filings' };
      return { status: 200, body: out };
    };
    stubFetch(api({ '/api/stocks/batch': provisional }));
    renderRoute('/analytics?tab=compare');
    await screen.findByRole('heading', { name: 'Enhanced Analytics' });
    await add('o');
    const cards = await screen.findByTestId('compare-cards');
    expect(within(cards).getByTestId('provisional-score')).toHaveTextContent('Provisional: only one year of filings');
    fireEvent.click(screen.getByRole('tab', { name: 'Table' }));
    expect(within(screen.getByTestId('compare-table')).getByTestId('provisional-score')).toBeInTheDocument();
  });

  it('says analytics need sign-in when the batch call answers 401', async () => {
    stubFetch(api({ '/api/stocks/batch': { status: 401, body: { message: 'Please log in to continue.' } } }));
    renderRoute('/analytics');
    await screen.findByRole('heading', { name: 'Enhanced Analytics' });
    await add('aapl');
    expect(await screen.findByText('Authentication required for analytics data')).toBeInTheDocument();
  });
});

describe('trending', () => {
  it('lists 24h, 7d and 30d from real view counts', async () => {
    stubFetch(
      api({
        '/api/trending': (url) => ({
          status: 200,
          body: url.searchParams.get('period') === '7d' ? [{ symbol: 'NVDA', companyName: 'NVIDIA', views: 12 }] : [{ symbol: 'AAPL', companyName: 'Apple', views: 1 }],
        }),
      }),
    );
    renderRoute('/analytics?tab=trending');
    expect(await screen.findByText('1 view')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: '7d' }));
    expect(await screen.findByText('12 views')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /NVDA/ })).toHaveAttribute('href', '/stock/NVDA');
  });
});
