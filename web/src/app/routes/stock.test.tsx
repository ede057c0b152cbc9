import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Job } from '@/types/analysis';
import { sampleRecord } from '@/testing/fixtures/analysis-record';
import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, SIGNED_OUT, calledUrls, signedIn, stubFetch } from '@/testing/fake-api';

const READY = { status: 200, body: { success: true, data: 'Ticker: AAPL', message: 'ok', record: sampleRecord, jobId: null } };
const QUEUED = { status: 202, body: { success: false, message: 'Analysis in progress', jobId: 'job-1' } };

const job = (status: Job['status'], stage: string | null, percent = 0, error: string | null = null): Job => ({
  id: 'job-1',
  queue: 'analysis',
  status,
  attempts: 0,
  maxAttempts: 3,
  progress: stage ? { stage, percent, message: '', updatedAt: '2026-01-01T00:00:00Z' } : null,
  error,
});

const api = (extra: FakeApi): FakeApi => ({ ...signedIn(), '/api/stock-analysis/AAPL': { status: 404, body: { message: 'none' } }, ...extra });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('stock page with a stored analysis', () => {
  it('shows the score box, company facts, the 12-icon strip and 12 cards', async () => {
    stubFetch(api({ '/api/analyze-stock/AAPL': READY }));
    renderRoute('/stock/aapl');
    expect(await screen.findByTestId('company-name')).toHaveTextContent('Apple Inc.');
    expect(screen.getByRole('heading', { level: 1, name: 'AAPL Stock Analysis' })).toBeInTheDocument();
    const box = screen.getByTestId('score-box');
    expect(box).toHaveTextContent('72');
    expect(box).toHaveAttribute('data-band', 'green');
    expect(screen.getByText('Sector:').closest('p')).toHaveTextContent('Sector: Technology · Industry: Electronic Computers');
    const strip = screen.getByRole('navigation', { name: 'Scores by question' });
    expect(within(strip).getAllByRole('button')).toHaveLength(12);
    expect(screen.getAllByTestId('question-card')).toHaveLength(12);
    expect(screen.getByTestId('investment-statement')).toHaveTextContent('$1000 invested 3 years ago would be worth $1,550.00 today.');
    expect(screen.getByTestId('old-report-warning')).toHaveTextContent('Company report referenced is over a year old');
  });

  it('marks a provisional score with its reason and links the 10-K the figures came from', async () => {
    const record = {
      ...sampleRecord,
      answeredQuestions: 5,
      scoreBasis: 'based on 5 of 12',
      provisional: true,
      provisionalReason: 'no price history',
      latestAnnualReport: {
        accessionNumber: '0000950170-22-000796',
        form: '10-K',
        filingDate: '2022-02-07',
        reportDate: '2021-12-31',
        primaryDocument: 'tsla-20211231.htm',
      },
    };
    stubFetch(api({ '/api/analyze-stock/AAPL': { ...READY, body: { ...READY.body, record } } }));
    renderRoute('/stock/AAPL');
    expect(await screen.findByTestId('provisional-score')).toHaveTextContent('Provisional: no price history');
    expect(screen.getByTestId('annual-report-link')).toHaveAttribute(
      'href',
      'https://www.sec.gov/Archives/edgar/data/320193/000095017022000796/tsla-20211231.htm',
    );
  });

  it('shows no provisional label on a score built on enough answers', async () => {
    stubFetch(api({ '/api/analyze-stock/AAPL': READY }));
    renderRoute('/stock/AAPL');
    await screen.findByTestId('company-name');
    expect(screen.queryByTestId('provisional-score')).not.toBeInTheDocument();
    expect(screen.queryByTestId('rules-note')).not.toBeInTheDocument();
  });

  it('says which numbers Bubba did not trust and that the score is not ranked', async () => {
    const faulted = {
      ...sampleRecord,
      dataFaults: [
        {
          kind: 'implausible-valuation',
          reason: "Bubba doesn't trust these numbers: they'd value the whole company at $191.6K",
          questions: [7, 8, 9, 11],
        },
      ],
    };
    stubFetch(api({ '/api/analyze-stock/AAPL': { ...READY, body: { ...READY.body, record: faulted } } }));
    renderRoute('/stock/AAPL');
    const note = await screen.findByTestId('data-faults');
    expect(note).toHaveTextContent("isn't ranked in the Top 25");
    expect(note).toHaveTextContent('they\'d value the whole company at $191.6K (questions 7, 8, 9, 11)');
  });

  it('shows no data-fault note when every input was believed', async () => {
    stubFetch(api({ '/api/analyze-stock/AAPL': READY }));
    renderRoute('/stock/AAPL');
    await screen.findByTestId('company-name');
    expect(screen.queryByTestId('data-faults')).not.toBeInTheDocument();
  });

  it('says which rules were used when the industry is unknown or special', async () => {
    // A record stored before the server wrote its own note.
    const unknown = { ...sampleRecord, sic: null, industry: null, sector: null, rulesSource: 'unknown' as const, rulesNote: '' };
    stubFetch(api({ '/api/analyze-stock/AAPL': { ...READY, body: { ...READY.body, record: unknown } } }));
    renderRoute('/stock/AAPL');
    expect(await screen.findByTestId('rules-note')).toHaveTextContent('Industry unknown');
  });

  it('says how the rules were chosen, from the server', async () => {
    const bank = {
      ...sampleRecord,
      sic: null,
      industryKind: 'bank' as const,
      rulesSource: 'filings' as const,
      rulesNote: "No SIC code in the filings I have, but they show a bank's lines (RevenuesNetOfInterestExpense), so it was scored with the bank rules.",
      legalName: 'GOLDMAN SACHS GROUP INC',
    };
    stubFetch(api({ '/api/analyze-stock/AAPL': { ...READY, body: { ...READY.body, record: bank } } }));
    renderRoute('/stock/AAPL');
    expect(await screen.findByTestId('rules-note')).toHaveTextContent("they show a bank's lines (RevenuesNetOfInterestExpense)");
    expect(screen.getByTestId('legal-name')).toHaveTextContent('Figures from the SEC filings of GOLDMAN SACHS GROUP INC');
  });

  it('says whose figures another share class shows', async () => {
    const googl = { ...sampleRecord, symbol: 'GOOGL', companyName: 'Alphabet Inc.' };
    stubFetch(api({ '/api/analyze-stock/GOOG': { ...READY, body: { ...READY.body, record: googl } } }));
    renderRoute('/stock/GOOG');
    expect(await screen.findByTestId('share-class-note')).toHaveTextContent(
      "GOOG is another class of Alphabet Inc.'s shares. The figures and the score below are GOOGL's",
    );
  });

  it('uses the spec chart titles in order', async () => {
    stubFetch(api({ '/api/analyze-stock/AAPL': READY }));
    renderRoute('/stocks/AAPL');
    await screen.findByTestId('company-name');
    const titles = screen.getAllByTestId('question-card').map((card) => within(card).getByRole('button').textContent ?? '');
    expect(titles[0]).toContain('1. Revenue and Revenue Growth %');
    expect(titles[8]).toContain('9. How expensive is the stock?');
    expect(titles[11]).toContain('12. Short Position');
  });

  it('opens cards independently, with comment, chart, explainer and sources on demand', async () => {
    stubFetch(api({ '/api/analyze-stock/AAPL': READY }));
    renderRoute('/stock/AAPL');
    await screen.findByTestId('company-name');
    const [first, second] = screen.getAllByTestId('question-card');
    fireEvent.click(within(first!).getByRole('button', { name: /Revenue and Revenue Growth/ }));
    expect(within(first!).getByText('Comment for question 1.')).toBeInTheDocument();
    expect(within(second!).queryByText('Comment for question 2.')).not.toBeInTheDocument();
    expect(within(first!).getByRole('figure', { name: 'Revenue and Revenue Growth %' })).toBeInTheDocument();

    fireEvent.click(within(first!).getByRole('button', { name: 'What the heck is this?' }));
    expect(within(first!).getByText('Explainer for question 1.')).toBeInTheDocument();
    fireEvent.click(within(first!).getByRole('button', { name: 'Where do these numbers come from?' }));
    expect(within(first!).getByText('Revenue FY2024')).toBeInTheDocument();
    expect(within(first!).getByRole('link', { name: /10-K 0000320193-24-000123/ })).toHaveAttribute(
      'href',
      'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/',
    );

    fireEvent.click(within(second!).getByRole('button', { name: /Revenues & Expenses/ }));
    expect(within(first!).getByText('Comment for question 1.')).toBeInTheDocument();
    expect(within(second!).getByText('Comment for question 2.')).toBeInTheDocument();
  });

  it("puts each question's peers on its own card", async () => {
    const peers = [
      {
        number: 4,
        metricName: 'net margin %',
        group: 'manufacturers',
        groupCode: 'D',
        level: 'division',
        count: 9,
        computedOn: '2026-08-18',
        note: null,
        comparison: null,
        sentence: 'Too few peers to compare (4 scored among computer makers, 9 among all manufacturers); Bubba wants at least 10.',
      },
    ];
    stubFetch(api({ '/api/analyze-stock/AAPL': { ...READY, body: { ...READY.body, peers } } }));
    renderRoute('/stock/AAPL');
    await screen.findByTestId('company-name');
    const cards = screen.getAllByTestId('question-card');
    for (const card of [cards[2]!, cards[3]!]) fireEvent.click(within(card).getAllByRole('button')[0]!);
    expect(within(cards[3]!).getByTestId('peer-comparison')).toHaveTextContent('Too few peers to compare (4 scored');
    expect(within(cards[2]!).queryByTestId('peer-comparison')).not.toBeInTheDocument();
  });

  it('says so honestly when a question has no data', async () => {
    stubFetch(api({ '/api/analyze-stock/AAPL': READY }));
    renderRoute('/stock/AAPL');
    await screen.findByTestId('company-name');
    const owners = screen.getAllByTestId('question-card')[10]!;
    expect(within(owners).getByText('Not enough data')).toBeInTheDocument();
    expect(within(owners).getByText('n/a')).toBeInTheDocument();
    fireEvent.click(within(owners).getByRole('button', { name: /Ownership Breakdown/ }));
    expect(within(owners).getByTestId('no-chart-data')).toBeInTheDocument();
  });

  it('draws the short-interest chart on a 0-30% axis with Low, High and Crazy! lines', async () => {
    const { SHORT_AXIS_MAX, SHORT_REFERENCE_LINES } = await import(
      '@/features/stock-analysis/components/charts/short-interest-chart'
    );
    expect(SHORT_AXIS_MAX).toBe(30);
    expect(SHORT_REFERENCE_LINES).toEqual([
      { value: 1, label: 'Low' },
      { value: 5, label: 'High' },
      { value: 10, label: 'Crazy!' },
    ]);
  });
});

describe('stock page following a job', () => {
  it('drives the progress bar from the job, then shows the finished analysis', async () => {
    let analyzeCalls = 0;
    let jobCalls = 0;
    stubFetch(
      api({
        '/api/analyze-stock/AAPL': () => (++analyzeCalls === 1 ? QUEUED : READY),
        '/api/jobs/job-1': () => {
          jobCalls++;
          if (jobCalls === 1) return { status: 200, body: job('running', 'Processing 10K filing data', 55) };
          return { status: 200, body: job('succeeded', 'Finalizing analysis', 100) };
        },
      }),
    );
    renderRoute('/stock/AAPL');
    const bar = await screen.findByRole('progressbar', { name: 'Analyzing AAPL' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '55'));
    expect(screen.getByTestId('progress-stage')).toHaveTextContent('Processing 10K filing data');
    expect(await screen.findByTestId('company-name', {}, { timeout: 3000 })).toHaveTextContent('Apple Inc.');
    expect(analyzeCalls).toBe(2);
  });

  it('skips the progress bar when the analysis is there at once', async () => {
    const spy = stubFetch(api({ '/api/analyze-stock/AAPL': READY }));
    // The stored analysis answers after 100 ms (well under the 400 ms grace).
    let asked = false;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/analyze-stock/')) {
        asked = true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return spy(input, init);
    });
    renderRoute('/stock/AAPL');
    await waitFor(() => expect(asked).toBe(true));
    // While the answer is on its way, no bar flashes.
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await screen.findByTestId('company-name');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows a failed job with the banner rules', async () => {
    stubFetch(
      api({
        '/api/analyze-stock/AAPL': QUEUED,
        '/api/jobs/job-1': { status: 200, body: job('failed', 'Fetching company data', 15, 'upstream timed out after 3 attempts') },
      }),
    );
    renderRoute('/stock/AAPL');
    expect(await screen.findByTestId('analysis-error')).toHaveTextContent(
      'We are experiencing rate limits on our data APIs. Please try again later...',
    );
    expect(screen.getByTestId('analysis-error')).toHaveTextContent("Bubba's Notes below still work.");
  });
});

describe('stock page errors', () => {
  it.each([
    [401, 'Please log in to analyze stocks'],
    [429, "You've reached your daily limit of 25 stock analyses. Please try again tomorrow."],
    [500, 'We are experiencing rate limits on our data APIs. Please try again later...'],
    [400, 'Server responded with status: 400'],
  ])('%i shows "%s"', async (status, text) => {
    stubFetch(api({ '/api/analyze-stock/AAPL': { status, body: { message: 'x' } } }));
    renderRoute('/stock/AAPL');
    expect(await screen.findByTestId('analysis-error')).toHaveTextContent(text);
  });

  it('an unknown ticker shows the server message', async () => {
    stubFetch(api({ '/api/analyze-stock/ZZZZ': { status: 404, body: { success: false, message: "I can't find a company with ticker ZZZZ." } } }));
    renderRoute('/stock/ZZZZ');
    expect(await screen.findByTestId('analysis-error')).toHaveTextContent("I can't find a company with ticker ZZZZ.");
    expect(screen.queryByRole('button', { name: /Notes from the annual report/ })).not.toBeInTheDocument();
  });

  it('a rate-limited analysis keeps the notes card (the banner says the notes still work)', async () => {
    stubFetch(api({ '/api/analyze-stock/AAPL': { status: 503, body: { message: 'x' } } }));
    renderRoute('/stock/AAPL');
    expect(await screen.findByTestId('analysis-error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Notes from the annual report/ })).toBeInTheDocument();
  });

  it('403 ends the trial and goes to sign-up after 2 seconds', async () => {
    stubFetch({
      ...SIGNED_OUT,
      '/api/anonymous/session/anon-1': { status: 200, body: { exists: true, searchCount: 3, remainingSearches: 0, requiresSignup: true } },
      '/api/analyze-stock/AAPL': { status: 403, body: { message: "You've used all your anonymous analyses. Please sign up to continue." } },
    });
    localStorage.setItem('anonymous_session_id', 'anon-1');
    const { router } = renderRoute('/stock/AAPL');
    expect(await screen.findByTestId('analysis-error')).toHaveTextContent(
      "You've used all your anonymous analyses. Please sign up to continue.",
    );
    expect(screen.queryByRole('button', { name: /Notes from the annual report/ })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/stock/AAPL');
    await waitFor(() => expect(router.state.location.search).toBe('?signup=true'), { timeout: 3000 });
    expect(router.state.location.pathname).toBe('/auth');
  });
});

describe('notes section', () => {
  it('shows the notes for this symbol, or coming soon', async () => {
    stubFetch(
      api({
        '/api/analyze-stock/AAPL': READY,
        '/api/stock-analysis/AAPL': {
          status: 200,
          // As stored: sections wrapped in double quotes; an emptied one is '""'.
          body: { symbol: 'AAPL', companyOverview: '"Makes phones."', covenants: '""', tenKDate: '2024-11-01' },
        },
      }),
    );
    renderRoute('/stock/AAPL');
    fireEvent.click(await screen.findByRole('button', { name: /Notes from the annual report/ }));
    expect(await screen.findByText('Makes phones.')).toBeInTheDocument();
    expect(screen.getByText('Company Overview')).toBeInTheDocument();
    expect(screen.queryByText('Covenants')).not.toBeInTheDocument();
  });

  it('says coming soon when there are none', async () => {
    stubFetch(api({ '/api/analyze-stock/AAPL': READY }));
    renderRoute('/stock/AAPL');
    fireEvent.click(await screen.findByRole('button', { name: /Notes from the annual report/ }));
    expect(await screen.findByText(/Notes coming soon/)).toBeInTheDocument();
  });
});

describe('expected states are not logged', () => {
  it('a signed-out visitor on a stock without notes (null) logs no error or warning, and no call fails', async () => {
    const error = vi.spyOn(console, 'error');
    const warn = vi.spyOn(console, 'warn');
    const spy = stubFetch({
      ...SIGNED_OUT,
      '/api/stock-analysis/AAPL': { status: 200, body: 'null' },
      '/api/stocks/AAPL/since-last-quarter': { status: 200, body: { change: null } },
      '/api/stocks/AAPL/score-history': { status: 200, body: [] },
      '/api/analyze-stock/AAPL': READY,
    });
    renderRoute('/stock/AAPL');
    await screen.findByTestId('company-name');
    fireEvent.click(screen.getByRole('button', { name: /Notes from the annual report/ }));
    expect(await screen.findByText(/Notes coming soon/)).toBeInTheDocument();
    const answers = await Promise.all(spy.mock.results.map(async (r, i) => [calledUrls(spy)[i], (await r.value).status] as const));
    expect(answers.filter(([, status]) => status >= 400)).toEqual([]);
    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    error.mockRestore();
    warn.mockRestore();
  });
});

describe('first visit straight to a stock page', () => {
  it('stores the anonymous id before asking, so the call carries x-session-id', async () => {
    const spy = stubFetch({ ...SIGNED_OUT, '/api/stock-analysis/AAPL': { status: 404, body: '' }, '/api/analyze-stock/AAPL': READY });
    renderRoute('/stock/AAPL');
    await screen.findByTestId('company-name');
    const id = localStorage.getItem('anonymous_session_id');
    expect(id).toBeTruthy();
    const call = spy.mock.calls.find(([url]) => String(url).startsWith('/api/analyze-stock/AAPL'));
    expect((call?.[1]?.headers as Record<string, string>)['x-session-id']).toBe(id);
    const userCall = spy.mock.calls.findIndex(([url]) => String(url).startsWith('/api/user'));
    const analyzeCall = spy.mock.calls.findIndex(([url]) => String(url).startsWith('/api/analyze-stock/'));
    expect(userCall).toBeLessThan(analyzeCall);
  });
});
