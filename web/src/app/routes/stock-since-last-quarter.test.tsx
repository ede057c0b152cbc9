import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, signedIn, stubFetch } from '@/testing/fake-api';
import { sampleRecord } from '@/testing/fixtures/analysis-record';
import { googlChange } from '@/testing/fixtures/score-change';

const READY = { status: 200, body: { success: true, data: 'Ticker: AAPL', message: 'ok', record: sampleRecord, jobId: null } };

const api = (since: FakeApi[string]): FakeApi => ({
  ...signedIn(),
  '/api/stock-analysis/AAPL': { status: 404, body: { message: 'none' } },
  '/api/analyze-stock/AAPL': READY,
  '/api/stocks/AAPL/since-last-quarter': since,
});

afterEach(() => vi.unstubAllGlobals());

describe('stock page: since last quarter', () => {
  it('explains the move with the figures and the filing when a previous quarter exists', async () => {
    stubFetch(api({ status: 200, body: { change: { ...googlChange, symbol: 'AAPL' } } }));
    renderRoute('/stock/aapl');
    const section = await screen.findByTestId('since-last-quarter');
    expect(within(section).getByRole('heading')).toHaveTextContent('Since last quarter: 78 → 78 (0)');
    const reasons = within(section).getAllByTestId('change-reason');
    expect(reasons[0]).toHaveTextContent('-5Debt 10 → 5: debt rose from $79.5B (2026-03-31) to $98.2B (2026-06-30); 10-Q filed 2026-07-23');
    expect(reasons[1]).toHaveTextContent('+4Future return vs bond 5 → 9');
  });

  it('is absent without a previous quarter, and when the call fails', async () => {
    stubFetch(api({ status: 200, body: { change: null } }));
    const first = renderRoute('/stock/aapl');
    await screen.findByTestId('score-box');
    expect(screen.queryByTestId('since-last-quarter')).not.toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();
    stubFetch(api({ status: 500, body: 'boom' }));
    renderRoute('/stock/aapl');
    await screen.findByTestId('score-box');
    expect(screen.queryByTestId('since-last-quarter')).not.toBeInTheDocument();
  });
});
