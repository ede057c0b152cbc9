// The newsletter generator in the browser: the admin (created as the operator does,
// with `api create-admin`) analyses two stocks, picks the best five with '+ Top 5 Scores', is told to
// choose a template, generates a short 'Red Flags' newsletter from the records, sees its charts,
// and copies it: the clipboard holds exactly the content shown.
import assert from 'node:assert/strict';

import { signInAdmin } from '../lib/admin.mjs';
import { requireEndpoints } from '../lib/helpers.mjs';

const ROUTES = ['/api/admin/newsletter-templates', '/api/admin/generate-newsletter', '/api/admin/stocks'];

export default [
  {
    name: 'admin newsletter: pick the top scores, generate a Red Flags newsletter with charts, copy it',
    async fn({ page, context, baseUrl, dbPath, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ROUTES);
      await signInAdmin({ context, baseUrl, dbPath });
      for (const symbol of ['AAPL', 'MSFT']) {
        const res = await context.request.get(`${baseUrl}/api/analyze-stock/${symbol}`, { timeout: 120_000 });
        assert.equal(res.status(), 200, `${symbol} analysed: ${res.status()}`);
      }
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
      await page.goto(`${baseUrl}/admin/newsletter`);
      await page.getByRole('heading', { name: 'Newsletter Generator' }).waitFor();
      const list = page.getByRole('list', { name: 'Newsletter stocks' });
      await list.getByText('AAPL').waitFor();

      await page.getByRole('button', { name: 'Generate Newsletter' }).click();
      await page.getByRole('alert').getByText('Please select at least one stock to analyze').waitFor();
      await page.getByRole('button', { name: '+ Top 5 Scores' }).click();
      // Earlier cases of the run analysed other stocks too: the best five ranked ones (or all,
      // if fewer) are chosen, in the Top 25's order (each ranked row shows its #rank); a
      // provisional or faulty score ("not ranked: ...") never is.
      const symbolOf = (text) => text.trim().split(/\s+/)[0];
      const items = await list.getByRole('listitem').allInnerTexts();
      const bestRanked = items
        .filter((t) => !t.includes('not ranked'))
        .map((t) => ({ symbol: symbolOf(t), rank: Number(/#(\d+)/.exec(t)?.[1]) }))
        .sort((a, b) => a.rank - b.rank)
        .slice(0, 5)
        .map((s) => s.symbol);
      const chosen = list.getByRole('listitem').filter({ has: page.getByRole('checkbox', { checked: true }) });
      const chosenSymbols = (await chosen.allInnerTexts()).map(symbolOf);
      assert.deepEqual([...chosenSymbols].sort(), [...bestRanked].sort(), 'the five best-ranked stocks chosen');
      await page.getByRole('button', { name: 'Generate Newsletter' }).click();
      await page.getByRole('alert').getByText('Please choose a template or write a custom prompt').waitFor();

      await page.getByRole('button', { name: 'Red Flags and Leaky Roofs' }).click();
      await page.getByLabel('Length').selectOption('short');
      await page.getByRole('button', { name: 'Generate Newsletter' }).click();
      await page.getByText('Newsletter Generated!').waitFor({ timeout: 60_000 });

      const title = await page.getByLabel('Title').inputValue();
      assert.match(title, /^Red Flags and Leaky Roofs: /);
      const content = page.getByLabel('Content');
      const text = await content.inputValue();
      for (const symbol of chosenSymbols) assert.match(text, new RegExp(`\\(${symbol}\\): \\d+ out of 100`), symbol);
      assert.match(text, /not your financial adviser/);
      await page.getByText(/^Charts: [1-9]\d*/).waitFor();
      // The chart images load from the API (real SVG drawn from the records).
      const chart = page.locator('img[src*="/api/newsletter-charts/"]').first();
      await chart.waitFor();
      assert.ok(await chart.evaluate((img) => img.complete && img.naturalWidth > 0), 'a chart image loaded');

      await page.getByRole('button', { name: 'Copy', exact: true }).click();
      await page.getByText('Copied!').waitFor();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      assert.equal(copied, text, 'the clipboard holds the newsletter');
      expectNoConsoleErrors();
    },
  },
];
