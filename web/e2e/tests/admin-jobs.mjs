// The admin Jobs page: a job the admin started fails for real (a 10-K auto-analysis of a
// ticker with no 10-K); the page shows it failed, its error and where the admin started it;
// with its queue paused a Retry puts it back in the queue, and after Resume it runs again.
import assert from 'node:assert/strict';

import { signInAdmin } from '../lib/admin.mjs';
import { requireEndpoints } from '../lib/helpers.mjs';

const QUEUE = 'auto-analyze-10k';

export default [
  {
    name: 'admin jobs page: a failed job is shown with its error and retried',
    async fn({ page, context, baseUrl, dbPath, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ['/api/admin/jobs/overview']);
      await signInAdmin({ context, baseUrl, dbPath });
      const started = await context.request.post(`${baseUrl}/api/admin/auto-analyze-10k/ZZZZQ`, {
        data: {},
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(started.status(), 422, await started.text());

      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(`${baseUrl}/admin/jobs`);
      await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
      const queueRow = page.getByRole('row', { name: `Queue ${QUEUE}` });
      assert.match(await queueRow.innerText(), /\b1\b/, 'the overview counts the failed job');
      await page.getByRole('combobox', { name: 'Queue' }).selectOption(QUEUE);
      await page.getByRole('combobox', { name: 'State' }).selectOption('failed');
      await page.getByRole('list', { name: 'Jobs' }).getByRole('button', { name: new RegExp(`^${QUEUE} `) }).first().click();

      const detail = page.getByRole('article', { name: /^Job / });
      const errors = detail.getByRole('region', { name: 'Errors' });
      await errors.getByText(/Attempt 1 .*No 10-K found for ZZZZQ/).waitFor();
      assert.match(await detail.innerText(), /Started by admin-e2e@example.com with “Auto-Analyze 10K” on \/admin/);
      assert.equal(await detail.getByTestId('job-status').innerText(), 'failed');

      // Paused, the queue holds the retried job where the page can see it wait.
      await queueRow.getByRole('button', { name: `Pause queue ${QUEUE}` }).click();
      await queueRow.getByRole('button', { name: `Resume queue ${QUEUE}` }).waitFor();
      await detail.getByRole('button', { name: 'Retry' }).click();
      await detail.getByTestId('job-status').getByText('queued').waitFor();
      await detail.getByText(/Its queue is paused/).waitFor();

      // Resumed, it runs again: a second attempt with its own error.
      await queueRow.getByRole('button', { name: `Resume queue ${QUEUE}` }).click();
      await errors.getByText(/Attempt 2 .*No 10-K found for ZZZZQ/).waitFor({ timeout: 15_000 });
      await detail.getByTestId('job-status').getByText('failed').waitFor();
      expectNoConsoleErrors();
    },
  },
];
