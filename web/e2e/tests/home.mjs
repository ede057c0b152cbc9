// Search by company name, through our server-side ticker search.
import assert from 'node:assert/strict';

import { allowMissing, requireEndpoints } from '../lib/helpers.mjs';

export default [
  {
    name: 'search by company name shows ticker and name, and a pick opens the stock page',
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await requireEndpoints(baseUrl, ['/api/tickers/search']);
      await allowMissing(ctx, ['/api/top-stocks', '/api/content']);
      await page.goto(`${baseUrl}/`);
      const box = page.getByRole('combobox', { name: /Search for a stock/ });
      const searched = page.waitForRequest((req) => req.url().includes('/api/tickers/search?q=apple'));
      await box.pressSequentially('apple', { delay: 40 });
      await searched;
      const option = page.getByRole('option').filter({ hasText: 'AAPL' });
      await option.waitFor();
      assert.match(await option.innerText(), /AAPL\s+Apple Inc\./);
      const listHeight = await page.getByRole('listbox').evaluate((el) => parseFloat(getComputedStyle(el).maxHeight));
      assert.equal(listHeight, 240, 'dropdown should be at most 15rem tall');
      expectNoConsoleErrors();
      await option.click();
      await page.waitForURL(/\/stock\/AAPL$/);
      await page.getByRole('heading', { level: 1, name: 'AAPL Stock Analysis' }).waitFor();
      assert.equal(await page.getByRole('listbox').count(), 0, 'dropdown should hide after a pick');
    },
  },
  {
    name: 'search: type "apple", press Enter, land on AAPL',
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await requireEndpoints(baseUrl, ['/api/tickers/search']);
      await allowMissing(ctx, ['/api/top-stocks', '/api/content']);
      await page.goto(`${baseUrl}/`);
      const box = page.getByRole('combobox', { name: /Search for a stock/ });
      await box.pressSequentially('apple', { delay: 20 });
      await box.press('Enter');
      await page.waitForURL(/\/stock\/AAPL$/);
      await page.getByRole('heading', { level: 1, name: 'AAPL Stock Analysis' }).waitFor();
      expectNoConsoleErrors();
    },
  },
];
