import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, signedIn, stubFetch } from '@/testing/fake-api';
import { sampleRecord } from '@/testing/fixtures/analysis-record';
import type { HistoryEntry } from '@/types/generated/HistoryEntry';

const READY = { status: 200, body: { success: true, data: 'Ticker: AAPL', message: 'ok', record: sampleRecord, jobId: null } };

const quarter = (key: string, score: number | null): HistoryEntry => ({
  quarter: key,
  score,
  company_name: 'Apple Inc.',
  industry: 'Electronic Computers',
  analysis_date: '2026-11-20T00:00:00Z',
  answered_questions: 12,
  provisional: false,
  provisional_reason: null,
});

const api = (history: FakeApi[string]): FakeApi => ({
  ...signedIn(),
  '/api/stock-analysis/AAPL': { status: 404, body: { message: 'none' } },
  '/api/analyze-stock/AAPL': READY,
  '/api/stocks/AAPL/since-last-quarter': { status: 200, body: { change: null } },
  '/api/stocks/AAPL/score-history': history,
});

afterEach(() => vi.unstubAllGlobals());

describe('stock page: score history', () => {
  it('sums up the stored quarters in a sentence that describes the chart', async () => {
    // Served newest first; 2026-Q2 was never stored.
    stubFetch(api({ status: 200, body: [quarter('2026-Q4', 78), quarter('2026-Q3', 64), quarter('2026-Q1', 70), quarter('2025-Q4', 59)] }));
    renderRoute('/stock/aapl');
    const card = await screen.findByTestId('score-history');
    const summary = within(card).getByText(/^From /);
    expect(summary).toHaveTextContent('From 59 in 2025-Q4 to 78 in 2026-Q4; lowest 59 (2025-Q4), highest 78 (2026-Q4).');
    expect(card.querySelector('[aria-describedby]')?.getAttribute('aria-describedby')).toBe(summary.id);
  });

  it('is absent with fewer than two scored quarters', async () => {
    stubFetch(api({ status: 200, body: [quarter('2026-Q4', 78), quarter('2026-Q3', null)] }));
    renderRoute('/stock/aapl');
    await screen.findByTestId('score-box');
    expect(screen.queryByTestId('score-history')).not.toBeInTheDocument();
  });
});
