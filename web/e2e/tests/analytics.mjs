// Enhanced analytics: compare three stocks, trending from real views.
import assert from 'node:assert/strict';

import { registerViaApi, requireEndpoints, uniqueEmail } from '../lib/helpers.mjs';

export default [
  {
    name: 'compare three stocks: cards, table and View Details',
    async fn({ page, context, baseUrl, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ['/api/register', '/api/stocks/batch']);
      await registerViaApi(context, baseUrl, uniqueEmail('compare'));
      await page.goto(`${baseUrl}/analytics`);
      await page.getByRole('heading', { level: 1, name: 'Enhanced Analytics' }).waitFor();
      const input = page.getByLabel(/Add a ticker/);
      for (const typed of ['aapl', '  ', 'AAPL', 'nvda', 'googl']) {
        await input.fill(typed);
        await page.getByRole('button', { name: 'Add', exact: true }).click();
      }
      const chips = await page.getByRole('list', { name: 'Tickers to compare' }).getByRole('listitem').allInnerTexts();
      assert.deepEqual(chips.map((c) => c.replace('×', '').trim()), ['AAPL', 'NVDA', 'GOOGL']);
      assert.ok(await input.isDisabled(), 'input is disabled at 3');
      const cards = page.getByTestId('compare-cards');
      await cards.waitFor({ timeout: 15_000 });
      assert.equal(await cards.getByRole('link', { name: 'View Details' }).count(), 3);
      assert.equal(await cards.getByRole('link', { name: 'View Details' }).first().getAttribute('href'), '/stocks/AAPL');
      await page.getByRole('tab', { name: 'Table' }).click();
      const table = page.getByTestId('compare-table');
      await table.waitFor();
      assert.equal(await table.getByRole('row').count(), 15);
      await table.getByRole('link', { name: 'View Details' }).first().click();
      await page.waitForURL(/\/stocks\/AAPL$/);
      expectNoConsoleErrors();
    },
  },
  {
    name: 'trending lists 24h, 7d and 30d from real view counts',
    async fn({ page, context, baseUrl, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ['/api/register', '/api/trending']);
      await registerViaApi(context, baseUrl, uniqueEmail('trending'));
      await page.goto(`${baseUrl}/analytics?tab=trending`);
      for (const period of ['24h', '7d', '30d']) {
        const answered = page.waitForResponse((res) => res.url().endsWith(`/api/trending?period=${period}`));
        await page.getByRole('tab', { name: period }).click();
        const res = await answered.catch(() => null);
        if (res) assert.ok(res.ok(), `trending ${period} answered ${res.status()}`);
        await page.getByTestId('trending-list').or(page.getByText(/Quiet as a Sunday morning/)).first().waitFor();
      }
      // Earlier cases opened AAPL, so the 24h list should count it.
      await page.getByRole('tab', { name: '24h' }).click();
      const list = page.getByTestId('trending-list');
      if (await list.count()) assert.match(await list.innerText(), /AAPL[\s\S]*\d+ views?/);
      expectNoConsoleErrors();
    },
  },
];
