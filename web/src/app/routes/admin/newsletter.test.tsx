import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, signedIn, stubFetch } from '@/testing/fake-api';

const STOCKS = [
  { symbol: 'KO', companyName: 'Coca-Cola Co', score: 61, scoreBasis: '12 of 12', rank: 2, notRanked: null },
  { symbol: 'AAPL', companyName: 'Apple Inc.', score: 88, scoreBasis: '12 of 12', rank: 1, notRanked: null },
  { symbol: 'TSLA', companyName: 'Tesla, Inc.', score: 42, scoreBasis: '12 of 12', rank: 3, notRanked: null },
  // Provisional: listed, never a quick pick.
  { symbol: 'SNOW', companyName: 'Snowflake Inc.', score: 59, scoreBasis: '7 of 12', rank: null, notRanked: 'provisional: 7 of 12 questions answered' },
];

const written = {
  content: '# Red Flags and Leaky Roofs: AAPL\n\nHowdy.',
  title: 'Red Flags and Leaky Roofs: AAPL',
  chartUrls: ['http://localhost/api/newsletter-charts/AAPL/scores.svg?v=1'],
  writer: 'offline',
  notice: null,
  jobId: 'job-1',
};

const admin = (extra: FakeApi = {}): FakeApi => ({
  ...signedIn({ username: 'admin@example.com', isAdmin: true }),
  '/api/admin/stocks': { status: 200, body: STOCKS },
  '/api/admin/newsletter-templates': {
    status: 200,
    body: [
      { id: 'weekly-roundup', title: 'Weekly Porch Round-Up' },
      { id: 'red-flags', title: 'Red Flags and Leaky Roofs' },
    ],
  },
  ...extra,
});

afterEach(() => vi.unstubAllGlobals());

async function toastText() {
  const region = await screen.findByRole('region', { name: 'Notifications (F8)' });
  return region.textContent ?? '';
}

describe('admin newsletter', () => {
  it('lists stocks best score first with the 80/60 colours', async () => {
    stubFetch(admin());
    renderRoute('/admin/newsletter');
    await screen.findByLabelText(/AAPL/);
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(rows[0]).toContain('AAPL');
    expect(rows[1]).toContain('KO');
    expect(rows[2]).toContain('not ranked: provisional: 7 of 12 questions answered');
    expect(screen.getByText('88').className).toContain('text-green-700');
    expect(screen.getByText('61').className).toContain('text-amber-700');
    expect(screen.getByText('42').className).toContain('text-red-700');
  });

  it('shows the spec messages and sends nothing until the form is complete', async () => {
    const spy = stubFetch(admin());
    renderRoute('/admin/newsletter');
    await screen.findByLabelText(/AAPL/);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Newsletter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select at least one stock to analyze');
    fireEvent.click(screen.getByRole('button', { name: '+ All 80+ Scores' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Newsletter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose a template or write a custom prompt');
    expect(spy.mock.calls.some(([u]) => String(u).includes('generate-newsletter'))).toBe(false);
  });

  it('generates with the template and the spec default settings, then shows the result', async () => {
    let sent: unknown = null;
    stubFetch(
      admin({
        '/api/admin/generate-newsletter': (_url, init) => {
          sent = JSON.parse(String(init?.body));
          return { status: 200, body: written };
        },
      }),
    );
    renderRoute('/admin/newsletter');
    await screen.findByLabelText(/AAPL/);
    // The quick pick skips SNOW's provisional score.
    fireEvent.click(screen.getByRole('button', { name: '+ Top 5 Scores' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Red Flags and Leaky Roofs' }));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Newsletter' }));
    await waitFor(async () => expect(await toastText()).toContain('Newsletter Generated!'));
    expect(sent).toEqual({
      stocks: ['AAPL', 'KO', 'TSLA'],
      prompt: 'red-flags',
      isCustomPrompt: false,
      settings: { length: 'medium', readerLevel: 'intermediate', analystAttitude: 'roast', format: 'sections', includeCharts: true },
    });
    expect(screen.getByLabelText('Title')).toHaveValue(written.title);
    expect(screen.getByLabelText('Content')).toHaveValue(written.content);
    expect(screen.getByText(/Charts: 1/)).toBeInTheDocument();
  });

  it('says Generation Failed with the reason when the server refuses', async () => {
    stubFetch(
      admin({
        '/api/admin/generate-newsletter': {
          status: 422,
          body: { message: 'Failed to generate newsletter: None of the selected stocks has an analysis' },
        },
      }),
    );
    renderRoute('/admin/newsletter');
    fireEvent.click(await screen.findByLabelText(/TSLA/));
    fireEvent.change(screen.getByLabelText('Or write your own prompt'), { target: { value: 'Debt?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Newsletter' }));
    await waitFor(async () => expect(await toastText()).toContain('Generation Failed'));
    expect(await toastText()).toContain('Failed to generate newsletter');
  });
});
