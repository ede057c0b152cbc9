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
      // Record every stage the page shows, however briefly (a snapshot analysis takes well under a second).
      await page.addInitScript(() => {
        // The job's own events, as the page received them (reading the stream's body through
        // the browser's devtools protocol is racy: the body may be gone once the stream ends).
        window.__jobEvents = [];
        const Native = window.EventSource;
        window.EventSource = class extends Native {
          constructor(url, init) {
            super(url, init);
            if (/\/api\/jobs\/[^/]+\/events$/.test(String(url))) {
              this.addEventListener('job', (e) => window.__jobEvents.push(JSON.parse(e.data)));
            }
          }
        };
        window.__stages = [];
        new MutationObserver(() => {
          const stage = document.querySelector('[data-testid="progress-stage"]')?.textContent?.replace(/\.\.\.$/, '');
          const percent = document.querySelector('[role="progressbar"][aria-valuenow]')?.getAttribute('aria-valuenow');
          const last = window.__stages.at(-1);
          if (stage && (!last || last.stage !== stage || last.percent !== percent)) window.__stages.push({ stage, percent });
        }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      // NVDA: not opened by any earlier case, so a fresh job runs.
      await page.goto(`${baseUrl}/stock/NVDA`);
      // No wait for the bar itself: a warm snapshot job can end within a few frames, so the bar
      // may be up too briefly for a poll to see; the observer above records every state it had.
      const done = page.getByTestId('company-name').or(page.getByTestId('analysis-error'));
      await done.first().waitFor({ timeout: ANALYSIS_TIMEOUT });
      const events = await page.evaluate(() => window.__jobEvents);
      const error = page.getByTestId('analysis-error');
      if (await error.isVisible()) throw new Error(`analysis failed: ${await error.innerText()}`);
      assert.match(await page.getByTestId('company-name').innerText(), /NVIDIA/i);

      const jobStages = events.map((e) => e.progress?.stage).filter(Boolean);
      const shown = await page.evaluate(() => window.__stages);
      console.log(`       job events: ${events.map((e) => `${e.status}${e.progress ? ` ${e.progress.stage} ${e.progress.percent}%` : ''}`).join(' > ')}`);
      console.log(`       page showed: ${shown.map((s) => `${s.stage} ${s.percent}%`).join(' > ')}`);
      assert.ok(shown.length > 0, 'the progress bar never showed');
      assert.equal(events.at(-1)?.status, 'succeeded');
      assert.ok(jobStages.length > 0 && jobStages.every((s) => STAGES.includes(s)), `job stages: ${jobStages.join(', ')}`);
      // Every stage the job reported reached the bar, with the job's percent.
      for (const e of events.filter((ev) => ev.progress)) {
        assert.ok(
          shown.some((s) => s.stage === e.progress.stage && Number(s.percent) === e.progress.percent),
          `the bar never showed "${e.progress.stage}" at ${e.progress.percent}%`,
        );
      }
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
      // Three cached visits, from navigation to all 12 charts drawn; the median is the figure.
      const runs = [];
      for (let run = 0; run < 3; run++) {
        const started = Date.now();
        await page.goto(`${baseUrl}/stock/AAPL`);
        await page.getByTestId('company-name').waitFor();
        await page.getByRole('button', { name: 'Expand all' }).click();
        await page.waitForFunction(() => {
          const cards = [...document.querySelectorAll('[data-testid="question-card"]')];
          return cards.length === 12 && cards.every((c) => c.querySelector('[data-testid="no-chart-data"], svg.recharts-surface'));
        });
        runs.push(Date.now() - started);
      }
      const medianMs = [...runs].sort((a, b) => a - b)[1];
      console.log(`       cached stock page with all 12 charts drawn: median ${medianMs} ms (runs ${runs.join(', ')} ms)`);
      await writeFile(path.join(artifacts, 'stock-page-timing.json'), JSON.stringify({ medianMs, runs }, null, 2));
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
        // A graded question has numbers, so it must draw them.
        const graded = !(await header.innerText()).includes('n/a');
        if (graded) assert.equal(await card.locator('svg.recharts-surface').count() > 0, true, `card ${i + 1} is graded but draws no chart`);
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
      // The short-interest chart's reference labels, measured where the browser drew them: a
      // few dozen pixels apart on a phone, they must not print over each other.
      await page.locator('svg text', { hasText: 'Crazy! 10%' }).first().waitFor();
      const labels = await page.evaluate(() =>
        [...document.querySelectorAll('svg text')]
          .filter((t) => /^(Low 1%|High 5%|Crazy! 10%)$/.test((t.textContent ?? '').trim()))
          .map((t) => {
            const r = t.getBoundingClientRect();
            return { text: (t.textContent ?? '').trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom };
          }),
      );
      assert.equal(labels.length, 3, JSON.stringify(labels));
      for (const [i, a] of labels.entries()) {
        for (const b of labels.slice(i + 1)) {
          const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          assert.ok(!overlap, `"${a.text}" overlaps "${b.text}": ${JSON.stringify([a, b])}`);
        }
      }
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
