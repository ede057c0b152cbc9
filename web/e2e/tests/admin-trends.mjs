// Admin trends: a past quarter is computed through the admin's own call (the AnalyzeQuarter job,
// filings and prices as of 30 June 2026), today's analysis through the stock page; the visitor's
// page and the admin's trends page then explain the change from the stored figures.
import assert from 'node:assert/strict';

import { signInAdmin } from '../lib/admin.mjs';
import { requireEndpoints, sleep } from '../lib/helpers.mjs';

/** Waits (at most a minute) for a queued job to succeed. */
async function jobSucceeds(context, baseUrl, id) {
  for (let i = 0; i < 600; i++) {
    const job = await (await context.request.get(`${baseUrl}/api/jobs/${id}`)).json();
    if (job.status === 'succeeded') return;
    assert.notEqual(job.status, 'failed', `job ${id} failed: ${job.error}`);
    await sleep(100);
  }
  throw new Error(`job ${id} did not finish`);
}

export default [
  {
    name: 'admin opens trends and sees a change explained',
    async fn({ page, context, baseUrl, dbPath, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ['/api/admin/trends/quarterly-changes', '/api/admin/trends/analyze-quarter']);
      await signInAdmin({ context, baseUrl, dbPath });
      const queued = await context.request.post(`${baseUrl}/api/admin/trends/analyze-quarter`, {
        data: { symbol: 'GOOGL', quarter: '2026-Q2' },
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(queued.status(), 202, await queued.text());
      await jobSucceeds(context, baseUrl, (await queued.json()).jobId);

      // Today's analysis, as a visitor would get it; the page says what moved since 2026-Q2.
      await page.goto(`${baseUrl}/stocks/GOOGL`);
      await page.getByTestId('score-box').waitFor({ timeout: 30_000 });
      const since = page.getByTestId('since-last-quarter');
      await since.waitFor();
      assert.match(await since.innerText(), /Future return vs bond 5 → 9: .*net income rose from \$160\.2B \(TTM to 2026-03-31\) to \$244\.2B \(TTM to 2026-06-30\).*10-Q filed 2026-07-23/);

      await page.goto(`${baseUrl}/admin/trends`);
      await page.getByRole('heading', { name: 'Quarterly Score Trends' }).waitFor();
      await page.getByRole('tab', { name: 'All Changes' }).click();
      await page.getByRole('searchbox', { name: /Search/ }).fill('alphabet');
      const table = page.getByRole('table', { name: 'All Changes' });
      const row = table.getByRole('row').filter({ hasText: 'GOOGL' });
      await row.waitFor();
      assert.match(await row.innerText(), /2026-Q2/);
      assert.match(await row.innerText(), /Future return vs bond 5 → 9/);
      await row.getByRole('button', { name: 'GOOGL' }).click();
      await page.getByRole('table', { name: 'GOOGL score history' }).waitFor();
      assert.equal(await page.getByTestId('history-point').count(), 2, 'two quarters on the chart');
      const first = page.getByTestId('change-reason').first();
      await first.waitFor();
      assert.match(await first.innerText(), /Future return vs bond 5 → 9: .*10-Q filed 2026-07-23/);
      assert.equal(await first.getByRole('link', { name: /^10-Q / }).count(), 1, 'the filing is linked');
      expectNoConsoleErrors();
    },
  },
];
