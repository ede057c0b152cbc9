import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, calledUrls, signedIn, stubFetch } from '@/testing/fake-api';
import type { StockNotes } from '@/types/analysis';

const LABELS = [
  'Company Overview',
  'Revenue Streams',
  'Market Growth',
  'Risk Factors',
  'Financial Performance',
  'Supplier Power',
  'Debt Obligations',
  'Covenants',
  'Management Discussion',
  'Key Performance',
  'Competitive Landscape',
  'Future Outlook',
  'Legal Proceedings',
  'Overall Assessment',
];
const DRAFT = ['## 10K Date', '2024-09-28', ...LABELS.flatMap((label) => [`## ${label}`, `${label} from the 10-K.`])].join(
  '\n',
);

/** The admin notes calls for AAPL (no sections yet) and the auto-analysis answering `answer`. */
function fakeServer(answer: { status: number; body: unknown }) {
  const record = { symbol: 'AAPL', tenKDate: null } as unknown as StockNotes;
  const api: FakeApi = {
    ...signedIn({ username: 'admin@example.com', isAdmin: true }),
    '/api/admin/stock-symbols': { status: 200, body: ['AAPL'] },
    '/api/admin/stock-analysis/AAPL': { status: 200, body: record },
    '/api/admin/auto-analyze-10k/AAPL': answer,
  };
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function autoAnalyze() {
  const select = await screen.findByLabelText('Stock symbol');
  await waitFor(() => expect(within(select).getByRole('option', { name: 'AAPL' })).toBeInTheDocument());
  fireEvent.change(select, { target: { value: 'AAPL' } });
  await screen.findByRole('heading', { name: 'Edit AAPL' });
  fireEvent.click(screen.getByRole('button', { name: 'Auto-Analyze 10K' }));
}

describe('/admin Auto-Analyze 10K', () => {
  it('fills the bulk editor with the draft and saves nothing', async () => {
    const spy = stubFetch(
      fakeServer({
        status: 200,
        body: { rawAnalysis: DRAFT, source: 'SEC EDGAR: 10-K filed 2024-11-01, aapl-20240928.htm', note: null, warning: null },
      }),
    );
    renderRoute('/admin');
    await autoAnalyze();
    const editor = await screen.findByLabelText("All sections ('## Section Name' headers)");
    expect((editor as HTMLTextAreaElement).value).toBe(DRAFT);
    expect(screen.getByRole('note')).toHaveTextContent('Draft from SEC EDGAR: 10-K filed 2024-11-01, aapl-20240928.htm.');
    expect(calledUrls(spy)).toContain('/api/admin/auto-analyze-10k/AAPL?wait=2');
    expect(spy.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Preview Parse' }));
    expect(await screen.findByText('All sections were parsed successfully!')).toBeInTheDocument();
  });

  it("says why when there is no 10-K ('Auto-Analysis Failed')", async () => {
    stubFetch(fakeServer({ status: 422, body: { message: 'No 10-K found for AAPL: reasons.' } }));
    renderRoute('/admin');
    await autoAnalyze();
    expect(await screen.findByText('Auto-Analysis Failed')).toBeInTheDocument();
    expect(screen.getByText('No 10-K found for AAPL: reasons.')).toBeInTheDocument();
    expect(screen.queryByLabelText("All sections ('## Section Name' headers)")).not.toBeInTheDocument();
  });

  it('follows a queued job without the event stream (polling GET /api/jobs/{id}) and fills the editor', async () => {
    const job = (status: string) => ({
      id: 'tenk-1',
      queue: 'auto-analyze-10k',
      status,
      attempts: 1,
      maxAttempts: 3,
      progress: { stage: 'Reading the 10-K', percent: 60, message: 'Item 7', updatedAt: '2026-11-26T10:00:00Z' },
      error: null,
    });
    let polls = 0;
    const spy = stubFetch({
      ...fakeServer({ status: 202, body: { jobId: 'tenk-1', message: 'Queued' } }),
      '/api/jobs/tenk-1': () => ({ status: 200, body: job(++polls < 2 ? 'running' : 'succeeded') }),
      '/api/admin/auto-analyze-10k/jobs/tenk-1': {
        status: 200,
        body: { rawAnalysis: DRAFT, source: 'SEC EDGAR', note: null, warning: null },
      },
    });
    renderRoute('/admin');
    await autoAnalyze();
    const editor = await screen.findByLabelText("All sections ('## Section Name' headers)", {}, { timeout: 4000 });
    expect((editor as HTMLTextAreaElement).value).toBe(DRAFT);
    expect(calledUrls(spy)).toContain('/api/jobs/tenk-1');
    expect(screen.queryByText('Auto-Analysis Failed')).not.toBeInTheDocument();
  });
});
