// The admin's batch page: a batch of three stocks 5 s apart runs to the end while
// the page watches; an hourly market-hours schedule shows its next run in Los
// Angeles time.
import assert from 'node:assert/strict';

import { signInAdmin } from '../lib/admin.mjs';
import { requireEndpoints } from '../lib/helpers.mjs';

export default [
  {
    name: 'admin batch: three stocks 5 s apart run to completion while the page watches',
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await requireEndpoints(baseUrl, ['/api/admin/batch-job/start']);
      await signInAdmin(ctx);
      await page.goto(`${baseUrl}/admin/batch`);
      await page.getByRole('heading', { name: 'Admin Batch Analysis' }).waitFor();
      for (const symbol of ['AAPL', 'MSFT', 'NVDA']) await page.getByLabel(symbol, { exact: true }).check();
      await page.getByLabel(/Delay between stocks/).fill('5');
      await page.getByRole('button', { name: 'Analyze 3 Stocks' }).click();
      await page.getByText('Batch Job Started').first().waitFor();
      // The page polls every 5 s while running: it sees the progress and the end.
      await page.getByRole('progressbar', { name: 'Batch progress' }).waitFor();
      await page.getByText('3 of 3 stocks done').waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: 'Job Status: completed' }).waitFor({ timeout: 10_000 });
      await page.getByRole('tab', { name: 'Results History' }).click();
      for (const symbol of ['AAPL', 'MSFT', 'NVDA']) {
        await page.getByRole('cell', { name: symbol, exact: true }).first().waitFor();
      }
      expectNoConsoleErrors();
    },
  },
  {
    name: 'admin batch: an hourly market-hours schedule shows its next run in Los Angeles time',
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await requireEndpoints(baseUrl, ['/api/admin/scheduled-jobs']);
      await signInAdmin(ctx);
      await page.goto(`${baseUrl}/admin/batch`);
      await page.getByRole('button', { name: 'New Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Schedule' });
      await dialog.getByLabel('Schedule name').fill('Market hours e2e');
      await dialog.getByLabel('Schedule AAPL').check();
      await dialog.getByLabel('Frequency').selectOption('hourly');
      await dialog.getByLabel(/Market hours only/).check();
      await dialog.getByRole('button', { name: '09:30' }).waitFor();
      await dialog.getByRole('button', { name: 'Create Schedule' }).click();
      await page.getByText('Schedule Created').first().waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Scheduled Jobs' }).click();
      const schedules = await (await page.context().request.get(`${baseUrl}/api/admin/scheduled-jobs`)).json();
      const made = schedules.find((s) => s.name === 'Market hours e2e');
      assert.ok(made?.next_run_time, JSON.stringify(schedules));
      // The shown label is the stored instant written in Los Angeles time; market
      // hours 09:30-16:00 New York are 6:30 AM to 1:00 PM there, on the half hour.
      const la = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Los_Angeles',
        hour: 'numeric',
        minute: '2-digit',
        hour12: true,
      })
        .format(new Date(made.next_run_time))
        .replace(/\s/g, ' '); // ICU writes a narrow space before AM/PM
      const shown = await page.getByTestId(`next-run-${made.id}`).innerText();
      assert.ok(shown.includes(la), `shown "${shown}" should contain the Los Angeles time ${la}`);
      assert.match(shown, /(6|7|8|9|10|11):30 AM P[SD]T$|12:30 PM P[SD]T$/);
      expectNoConsoleErrors();
    },
  },
];
