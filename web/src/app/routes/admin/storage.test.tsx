import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { signedIn, stubFetch } from '@/testing/fake-api';

const admin = signedIn({ username: 'admin@example.com', isAdmin: true });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/admin/kv storage page', () => {
  it('shows totals over the stocks with data and one row per stock', async () => {
    stubFetch({
      ...admin,
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

  it("shows the page's own text when its call fails", async () => {
    stubFetch({ ...admin, '/api/admin/kv-stocks': { status: 500, body: { message: 'down' } } });
    renderRoute('/admin/kv');
    expect(await screen.findByText("You don't have permission to access this admin page.")).toBeInTheDocument();
  });
});
