import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { signedIn, stubFetch } from '@/testing/fake-api';

const admin = signedIn({ username: 'admin@example.com', isAdmin: true });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/admin/kv storage page', () => {
  it('shows the totals over every stock and one row per stock', async () => {
    stubFetch({
      ...admin,
      // The totals come from their own call: the list below is only its first page.
      '/api/admin/kv-totals': { status: 200, body: { stocks: 2, totalBytes: 4096 } },
      '/api/admin/kv-stocks': {
        status: 200,
        body: [
          { symbol: 'AAPL', dataSize: 3072, hasData: true, lastUpdated: '2026-11-20T10:00:00Z' },
          { symbol: 'NVDA', dataSize: 1024, hasData: true, lastUpdated: '2026-11-21T10:00:00Z' },
          { symbol: 'TSLA', dataSize: 0, hasData: false, lastUpdated: '2026-11-22T10:00:00Z' },
        ],
      },
    });
    renderRoute('/admin/kv');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Storage Overview' })).toBeInTheDocument();
    expect(screen.getByText('Stocks with data').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Total storage').nextSibling).toHaveTextContent('4.00 KB');
    expect(screen.getByText('Average per stock').nextSibling).toHaveTextContent('2.00 KB');
    const aapl = screen.getByRole('row', { name: /AAPL/ });
    expect(aapl).toHaveTextContent('3.00 KB');
    expect(within(aapl).getByText('Data Available')).toBeInTheDocument();
    expect(aapl).toHaveTextContent('Nov 20, 2026');
    expect(within(screen.getByRole('row', { name: /TSLA/ })).queryByText('Data Available')).not.toBeInTheDocument();
  });

  it('loads the next 100 stocks after the last one shown when Show more is pressed', async () => {
    const symbol = (i: number) => `S${String(i).padStart(3, '0')}`;
    const stock = (i: number) => ({ symbol: symbol(i), dataSize: 1024, hasData: true, lastUpdated: null });
    stubFetch({
      ...admin,
      '/api/admin/kv-totals': { status: 200, body: { stocks: 101, totalBytes: 101 * 1024 } },
      '/api/admin/kv-stocks': (url) =>
        url.searchParams.get('after') === symbol(99)
          ? { status: 200, body: [stock(100)] }
          : { status: 200, body: Array.from({ length: 100 }, (_, i) => stock(i)) },
    });
    renderRoute('/admin/kv');
    expect(await screen.findByRole('row', { name: /S099/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /S100/ })).not.toBeInTheDocument();
    expect(screen.getByText('Stocks with data').nextSibling).toHaveTextContent('101');
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('row', { name: /S100/ })).toBeInTheDocument();
    // A short page is the last: nothing more to ask for.
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("shows the page's own text when its call fails", async () => {
    stubFetch({ ...admin, '/api/admin/kv-stocks': { status: 500, body: { message: 'down' } } });
    renderRoute('/admin/kv');
    expect(await screen.findByText("You don't have permission to access this admin page.")).toBeInTheDocument();
  });
});
