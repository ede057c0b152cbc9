import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, calledUrls, signedIn, stubFetch } from '@/testing/fake-api';
import { change, googlChange } from '@/testing/fixtures/score-change';

const history = [
  { quarter: '2026-Q4', score: 78, company_name: 'Alphabet Inc.', industry: null, analysis_date: '2026-11-23T08:00:00Z', answered_questions: 11, provisional: false, provisional_reason: null },
  { quarter: '2026-Q2', score: 45, company_name: 'Alphabet Inc.', industry: null, analysis_date: '2026-11-23T07:59:00Z', answered_questions: 8, provisional: true, provisional_reason: 'no price history' },
];

const admin = (extra: FakeApi = {}): FakeApi => ({
  ...signedIn({ username: 'admin@example.com', isAdmin: true }),
  '/api/admin/trends/quarterly-changes': {
    status: 200,
    body: [change('GOOGL', 45, 78, { companyName: 'Alphabet Inc.', previousProvisional: true }), change('JPM', 77, 70, { industry: 'National Commercial Banks', sector: 'Finance' })],
  },
  '/api/admin/trends/most-improved': { status: 200, body: [change('GOOGL', 45, 78, { companyName: 'Alphabet Inc.', previousProvisional: true })] },
  '/api/admin/trends/most-declined': { status: 200, body: [change('JPM', 77, 70)] },
  '/api/admin/trends/stock-history/GOOGL': { status: 200, body: history },
  '/api/admin/trends/explain/GOOGL': { status: 200, body: googlChange },
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

describe('admin trends', () => {
  it('shows the movers with signed, coloured changes and the provisional mark', async () => {
    stubFetch(admin());
    renderRoute('/admin/trends');
    await screen.findByRole('heading', { name: 'Quarterly Score Trends' });
    const improved = await screen.findByRole('table', { name: 'Most Improved' });
    const up = within(improved).getByTestId('score-change');
    expect(up).toHaveTextContent('+33');
    expect(up).toHaveClass('text-green-800');
    expect(within(improved).getByTestId('provisional-mark')).toHaveAttribute('title', expect.stringContaining('Provisional'));
    const declined = await screen.findByRole('table', { name: 'Most Declined' });
    expect(within(declined).getByTestId('score-change')).toHaveTextContent('-7');
    expect(within(declined).getByTestId('score-change')).toHaveClass('text-red-800');
    expect(within(declined).getByText('Debt 10 → 5')).toBeInTheDocument();
  });

  it('searches all changes by industry and sector', async () => {
    stubFetch(admin());
    renderRoute('/admin/trends');
    fireEvent.click(await screen.findByRole('tab', { name: 'All Changes' }));
    const table = await screen.findByRole('table', { name: 'All Changes' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.change(screen.getByRole('searchbox', { name: /Search/ }), { target: { value: 'finance' } });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('JPM')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: /Search/ }), { target: { value: 'nothing like it' } });
    expect(await screen.findByText('No change matches that search.')).toBeInTheDocument();
  });

  it('a click on a mover loads its history, the table and why it moved', async () => {
    stubFetch(admin());
    renderRoute('/admin/trends');
    const improved = await screen.findByRole('table', { name: 'Most Improved' });
    fireEvent.click(within(improved).getByRole('button', { name: 'GOOGL' }));
    const table = await screen.findByRole('table', { name: 'GOOGL score history' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2026-Q4');
    expect(rows[2]).toHaveTextContent('45');
    expect(within(rows[2]!).getByTestId('provisional-mark')).toHaveAttribute('title', 'Provisional: no price history');
    const reasons = await screen.findAllByTestId('change-reason');
    expect(reasons[0]).toHaveTextContent('Debt 10 → 5: debt rose from $79.5B (2026-03-31) to $98.2B (2026-06-30); 10-Q filed 2026-07-23');
    expect(within(reasons[0]!).getByRole('link', { name: '10-Q 0001652044-26-000070' })).toHaveAttribute(
      'href',
      'https://www.sec.gov/Archives/edgar/data/1652044/000165204426000070/',
    );
    expect(screen.getByRole('textbox', { name: 'Symbol' })).toHaveValue('GOOGL');
  });

  it('Load History asks for the typed symbol, upper-cased', async () => {
    const spy = stubFetch(admin({ '/api/admin/trends/stock-history/NVDA': { status: 200, body: [] } }));
    renderRoute('/admin/trends');
    fireEvent.click(await screen.findByRole('tab', { name: 'Stock History' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Symbol' }), { target: { value: 'nvda' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load History' }));
    expect(await screen.findByText('No stored quarters for NVDA yet. Analyse it first.')).toBeInTheDocument();
    expect(spy.mock.calls.some(([u]) => String(u).endsWith('/api/admin/trends/stock-history/NVDA'))).toBe(true);
    expect(spy.mock.calls.some(([u]) => String(u).includes('/explain/'))).toBe(false);
  });

  it('a fresh install says what is missing and backfills the history with progress', async () => {
    let posted = false;
    let reads = 0;
    const spy = stubFetch(
      admin({
        '/api/admin/trends/quarterly-changes': { status: 200, body: [] },
        '/api/admin/trends/most-improved': { status: 200, body: [] },
        '/api/admin/trends/most-declined': { status: 200, body: [] },
        '/api/admin/trends/backfill-history': (_url, init) => {
          if (init?.method === 'POST') {
            posted = true;
            return { status: 202, body: { companies: 2, quartersPerCompany: 12, progress: { waiting: 1, running: 1, done: 0, failed: 0 } } };
          }
          reads += 1;
          // Nothing before the click; drained on the first read after it.
          const drained = posted && reads > 1;
          return { status: 200, body: drained ? { waiting: 0, running: 0, done: 2, failed: 0 } : { waiting: 0, running: 0, done: 0, failed: 0 } };
        },
      }),
    );
    renderRoute('/admin/trends');
    // Both movers' cards say what is missing, not that nothing moved.
    expect(await screen.findAllByText('No stock has two stored quarters yet.')).toHaveLength(2);
    expect(screen.queryByText('No score went up since the previous quarter.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Backfill history' }));
    const progress = await screen.findByTestId('backfill-progress');
    expect(progress).toHaveTextContent('1 running, 1 waiting, 0 done');
    expect(await screen.findByText('2 companies backfilled.', {}, { timeout: 8000 })).toBeInTheDocument();
    // Once drained, the movers are read again.
    const moverReads = calledUrls(spy).filter((u) => u.startsWith('/api/admin/trends/most-improved'));
    expect(moverReads.length).toBeGreaterThan(1);
  }, 15_000);
});
