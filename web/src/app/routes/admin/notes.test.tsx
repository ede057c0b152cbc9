import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, signedIn, stubFetch } from '@/testing/fake-api';
import type { StockNotes } from '@/types/analysis';

const SECTION_IDS = [
  'companyOverview',
  'revenueStreams',
  'marketGrowth',
  'riskFactors',
  'financialPerformance',
  'supplierPower',
  'debtObligations',
  'covenants',
  'managementDiscussion',
  'keyPerformance',
  'competitiveLandscape',
  'futureOutlook',
  'legalProceedings',
  'overallAssessment',
] as const;

const empty = (symbol: string): StockNotes =>
  ({ symbol, tenKDate: null, ...Object.fromEntries(SECTION_IDS.map((id) => [id, null])) }) as StockNotes;

/** A small in-memory server with the admin notes calls, recording every PATCH body. */
function fakeServer(records: Record<string, StockNotes>, admin = true) {
  const patches: Array<{ symbol: string; field: string; content: string | null }> = [];
  const api: FakeApi = {
    ...signedIn({ username: 'admin@example.com', isAdmin: admin }),
    '/api/admin/stock-symbols': () => ({ status: 200, body: Object.keys(records).sort() }),
    '/api/admin/stock-analysis': (_url, init) => {
      const { symbol } = JSON.parse(String(init?.body)) as { symbol: string };
      if (records[symbol]) return { status: 409, body: { message: `${symbol} already has notes: pick it in the stock selector.` } };
      records[symbol] = empty(symbol);
      return { status: 201, body: { symbol } };
    },
  };
  for (const symbol of ['NVDA', 'AAPL', 'TSLA']) {
    api[`/api/admin/stock-analysis/${symbol}`] = (_url, init) => {
      const record = records[symbol];
      if (!record) return { status: 404, body: { message: `${symbol} has no notes yet: create it first.` } };
      if (init?.method === 'PATCH') {
        const { field, content } = JSON.parse(String(init.body)) as { field: keyof StockNotes; content: string | null };
        patches.push({ symbol, field, content });
        records[symbol] = { ...record, [field]: content };
      }
      return { status: 200, body: records[symbol] };
    };
  }
  return { api, patches };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const pick = async (symbol: string) => {
  const select = await screen.findByLabelText('Stock symbol');
  await waitFor(() => expect(within(select).getByRole('option', { name: symbol })).toBeInTheDocument());
  fireEvent.change(select, { target: { value: symbol } });
  return screen.findByRole('heading', { name: `Edit ${symbol}` });
};

describe('/admin notes editor', () => {
  it('is behind the access check', async () => {
    stubFetch(fakeServer({}, false).api);
    renderRoute('/admin');
    expect(await screen.findByText('Admin Access Required')).toBeInTheDocument();
    expect(screen.getByText('You do not have permission to access this page.')).toBeInTheDocument();
  });

  it('creates a stock from a trimmed, upper-cased symbol and refuses an empty one', async () => {
    const records: Record<string, StockNotes> = {};
    const { api } = fakeServer(records);
    const spy = stubFetch(api);
    renderRoute('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock Analysis Admin' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Admin pages' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Please enter a stock symbol')).toBeInTheDocument();
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Stock Symbol'), { target: { value: '  nvda ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('heading', { name: 'Edit NVDA' })).toBeInTheDocument();
    expect(records.NVDA).toBeDefined();
    expect(await screen.findByText('Stock created')).toBeInTheDocument();
  });

  it('shows sections without their quotes, saves one field with quotes, the date without', async () => {
    const records = { AAPL: { ...empty('AAPL'), companyOverview: '"Makes phones."', tenKDate: '2025-10-31' } };
    const { api, patches } = fakeServer(records);
    stubFetch(api);
    renderRoute('/admin');
    await pick('AAPL');
    const tabs = screen.getByRole('tablist', { name: 'Notes fields' });
    // All 15 tabs stay in view on a narrow screen: the strip wraps instead of being cut off.
    expect(tabs).toHaveClass('flex-wrap');
    expect(tabs).not.toHaveClass('overflow-x-auto');
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '10K Date',
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
    ]);
    expect(document.getElementById('tenKDate')).toHaveValue('2025-10-31');
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Company Overview' }));
    const overview = document.getElementById('companyOverview');
    expect(overview).toHaveValue('Makes phones.');
    fireEvent.change(overview!, { target: { value: 'Makes phones and "services".' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Company Overview' }));
    expect(await screen.findByText('Update successful')).toBeInTheDocument();
    expect(patches).toEqual([{ symbol: 'AAPL', field: 'companyOverview', content: '"Makes phones and "services"."' }]);
  });

  it('bulk editor: previews with the spec warning, asks for a preview first, then saves every parsed field', async () => {
    const records = { NVDA: empty('NVDA') };
    const { api, patches } = fakeServer(records);
    stubFetch(api);
    renderRoute('/admin');
    await pick('NVDA');
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Editor' }));
    const text = screen.getByLabelText(/All sections/);
    expect((text as HTMLTextAreaElement).value).toMatch(/^## 10K Date\n/);

    fireEvent.change(text, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview Parse' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Please enter content to parse');

    const long = 'NVIDIA sells accelerated computing platforms to data centers, gamers and carmakers, and most of the money is data center.';
    fireEvent.change(text, { target: { value: `## 10K Date\n2026-01-25\n\n## company overview\n${long}\n` } });
    fireEvent.click(screen.getByRole('button', { name: 'Update All Sections' }));
    expect(await screen.findByText('Please preview the content first and then update')).toBeInTheDocument();
    expect(patches).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'The following sections were not found or empty: Revenue Streams, Market Growth',
    );
    const preview = screen.getByRole('list', { name: 'Parsed sections' });
    expect(within(preview).getByText(/^NVIDIA sells/)).toHaveTextContent(`${long.slice(0, 100)}...`);

    fireEvent.click(screen.getByRole('button', { name: 'Update All Sections' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Update All Sections' })).not.toBeInTheDocument());
    expect(patches).toEqual([
      { symbol: 'NVDA', field: 'tenKDate', content: '2026-01-25' },
      { symbol: 'NVDA', field: 'companyOverview', content: `"${long}"` },
    ]);
    await waitFor(() => expect(document.getElementById('tenKDate')).toHaveValue('2026-01-25'));
  });
});
