// The stock page against the real analysis: job progress to the result, every card, the trial's end.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

import { requireEndpoints } from '../lib/helpers.mjs';

const STAGES = [
  'Fetching company data',
  'Analyzing financial metrics',
  'Processing 10K filing data',
  'Evaluating market position',
  'Calculating final score',
  'Finalizing analysis',
];
const TITLES = [
  'Revenue and Revenue Growth %',
  'Revenues & Expenses',
  'Earnings',
  'Margins',
  'Cash Flows',
  'Cash & Debt',
  'Return % vs Govt Bond',
  'Future Returns vs Government Bond',
  'How expensive is the stock?',
  'Share Dilution',
  'Ownership Breakdown',
  'Short Position',
];
const ANALYSIS_ROUTES = ['/api/analyze-stock/AAPL', '/api/jobs/probe'];
const ANALYSIS_TIMEOUT = 120_000;

/** Every card open, each with a drawn chart or the honest no-data note. */
async function everyCardReady(page) {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll('[data-testid="question-card"]')];
    return (
      cards.length === 12 &&
      cards.every((card) => card.querySelector('[data-testid="no-chart-data"]') || card.querySelector('svg.recharts-surface'))
    );
  });
}

export default [
  {
    name: 'open a stock and watch the job progress reach the result',
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await requireEndpoints(baseUrl, ANALYSIS_ROUTES);
      const seen = new Set();
      const jobEvents = [];
      page.on('response', async (res) => {
        if (/\/api\/jobs\/[^/]+$/.test(res.url())) jobEvents.push(await res.json().catch(() => null));
      });
      // NVDA: not opened by any earlier case, so a fresh job runs.
      await page.goto(`${baseUrl}/stock/NVDA`);
      const bar = page.getByRole('progressbar', { name: 'Analyzing NVDA' });
      const done = page.getByTestId('company-name');
      const deadline = Date.now() + ANALYSIS_TIMEOUT;
      while (Date.now() < deadline && !(await done.isVisible())) {
        if (await bar.isVisible()) {
          const text = (await page.getByTestId('progress-stage').innerText().catch(() => '')).replace(/\.\.\.$/, '');
          if (text) seen.add(text);
        }
        const error = page.getByTestId('analysis-error');
        if (await error.isVisible()) throw new Error(`analysis failed: ${await error.innerText()}`);
        await page.waitForTimeout(50);
      }
      await done.waitFor({ timeout: 1000 });
      assert.match(await done.innerText(), /NVIDIA/i);
      const stages = [...seen].filter((s) => STAGES.includes(s));
      console.log(`       stages seen: ${[...seen].join(' > ')}`);
      assert.ok(stages.length >= 1, `the bar should show the job's own stage names, saw: ${[...seen].join(', ') || 'nothing'}`);
      const order = stages.map((s) => STAGES.indexOf(s));
      assert.deepEqual(order, [...order].sort((a, b) => a - b), 'stages arrive in order');
      assert.match(await page.getByTestId('score-box').innerText(), /\d+\s*out of 100/);
      await page.getByTestId('investment-statement').waitFor();
      assert.match(await page.getByTestId('investment-statement').innerText(), /\$1000 invested 3 years ago would be worth \$[\d,.]+ today\./);
      assert.equal(await page.getByRole('navigation', { name: 'Scores by question' }).getByRole('button').count(), 12);
      expectNoConsoleErrors();
    },
  },
  {
    name: 'expand every question card: chart, comment, explainer and sources (cached page timed)',
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors, artifacts } = ctx;
      await requireEndpoints(baseUrl, ANALYSIS_ROUTES);
      // Warm the analysis (first visit may run the job), then time a cached visit.
      await page.goto(`${baseUrl}/stock/AAPL`);
      await page.getByTestId('company-name').waitFor({ timeout: ANALYSIS_TIMEOUT });
      const started = Date.now();
      await page.goto(`${baseUrl}/stock/AAPL`);
      await page.getByTestId('company-name').waitFor();
      await page.getByRole('button', { name: 'Expand all' }).click();
      await page.waitForFunction(() => {
        const cards = [...document.querySelectorAll('[data-testid="question-card"]')];
        return cards.length === 12 && cards.every((c) => c.querySelector('[data-testid="no-chart-data"], svg.recharts-surface'));
      });
      const cachedMs = Date.now() - started;
      console.log(`       cached stock page with all 12 charts drawn: ${cachedMs} ms`);
      await writeFile(path.join(artifacts, 'stock-page-timing.json'), JSON.stringify({ cachedMs }, null, 2));
      assert.ok(await everyCardReady(page));

      // Close all, then open each card on its own: they open independently.
      await page.getByRole('button', { name: 'Collapse all' }).click();
      const cards = page.getByTestId('question-card');
      for (let i = 0; i < 12; i++) {
        const card = cards.nth(i);
        const header = card.getByRole('button').first();
        assert.match(await header.innerText(), new RegExp(TITLES[i].replace(/[.*+?^${}()|[\]\\%&]/g, '\\$&')));
        await header.click();
        assert.equal(await header.getAttribute('aria-expanded'), 'true');
        await card.getByText('Bubba says:').waitFor();
        await card.locator('[data-testid="no-chart-data"], svg.recharts-surface').first().waitFor();
        await card.getByRole('button', { name: 'What the heck is this?' }).click();
        assert.ok((await card.locator('[id$="-explainer"]').innerText()).length > 40, `explainer of card ${i + 1} is too short`);
        await card.getByRole('button', { name: 'Where do these numbers come from?' }).click();
        await card.locator('[id$="-sources"]').waitFor();
        if (i > 0) assert.equal(await cards.nth(i - 1).getByRole('button').first().getAttribute('aria-expanded'), 'true');
      }
      const unanswered = await page.getByText('Not enough data').count();
      console.log(`       questions without enough data: ${unanswered}`);
      expectNoConsoleErrors();
    },
  },
  {
    name: 'a cached stock page renders on a 360 px phone without sideways scrolling',
    viewport: { width: 360, height: 740 },
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await requireEndpoints(baseUrl, ANALYSIS_ROUTES);
      await page.goto(`${baseUrl}/stock/AAPL`);
      await page.getByTestId('company-name').waitFor({ timeout: ANALYSIS_TIMEOUT });
      await page.getByRole('button', { name: 'Expand all' }).click();
      await page.waitForFunction(() => document.querySelectorAll('svg.recharts-surface').length >= 3);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
      expectNoConsoleErrors();
    },
  },
  {
    name: 'the anonymous trial ends in the sign-up redirect',
    async fn(ctx) {
      const { page, baseUrl } = ctx;
      await requireEndpoints(baseUrl, [...ANALYSIS_ROUTES, '/api/anonymous/session/probe']);
      // Three different companies use the three free analyses; the fourth is refused.
      await page.goto(`${baseUrl}/`);
      await page.getByTestId('trial-counter').waitFor();
      for (const [i, ticker] of ['AAPL', 'NVDA', 'GOOGL'].entries()) {
        await page.goto(`${baseUrl}/stock/${ticker}`);
        await page.locator('[data-testid="company-name"], [data-testid="analysis-error"]').first().waitFor({ timeout: ANALYSIS_TIMEOUT });
        const err = page.getByTestId('analysis-error');
        if (await err.isVisible()) throw new Error(`analysis ${i + 1} (${ticker}) failed: ${await err.innerText()}`);
        await page.goto(`${baseUrl}/`);
        await page.getByTestId('trial-counter').filter({ hasText: i === 2 ? "You've used all 3 free analyses." : `${2 - i} of 3 free analyses left` }).waitFor();
      }
      await page.goto(`${baseUrl}/stock/MSFT`);
      const banner = page.getByTestId('analysis-error');
      await banner.waitFor({ timeout: 15_000 });
      assert.match(await banner.innerText(), /You've used all your anonymous analyses\. Please sign up to continue\./);
      const shown = Date.now();
      await page.waitForURL(/\/auth\?signup=true$/, { timeout: 5000 });
      const waited = Date.now() - shown;
      assert.ok(waited >= 1500, `redirected after ${waited} ms, expected about 2 s`);
      await page.getByRole('tab', { name: 'Sign Up', selected: true }).waitFor();
    },
  },
];
