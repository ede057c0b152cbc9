// The daily analysis limit of a signed-in user (25 different stocks a day), shown on the stock page.
import assert from 'node:assert/strict';

import { registerViaApi, requireEndpoints, uniqueEmail } from '../lib/helpers.mjs';

export default [
  {
    name: 'a signed-in user past 25 analyses a day sees the daily limit message',
    async fn({ page, context, baseUrl, allow }) {
      await requireEndpoints(baseUrl, ['/api/register', '/api/analyze-stock/AAPL', '/api/tickers/search']);
      await registerViaApi(context, baseUrl, uniqueEmail('limit'));
      // Real tickers from the server's own list; each new one asked for counts once.
      const hits = await (await context.request.get(`${baseUrl}/api/tickers/search?q=a`)).json();
      const tickers = [...new Set(hits.map((h) => h.ticker))].filter((t) => /^[A-Z]{1,5}$/.test(t));
      let counted = 0;
      let limited = null;
      for (const ticker of tickers) {
        const res = await context.request.get(`${baseUrl}/api/analyze-stock/${ticker}?wait=0`);
        if (res.status() === 429) {
          limited = ticker;
          break;
        }
        if (res.status() === 200 || res.status() === 202) counted++;
      }
      assert.ok(limited, `no 429 after ${counted} counted analyses of ${tickers.length} tickers`);
      assert.equal(counted, 25, `the limit came after ${counted} analyses, expected 25`);
      allow((msg) => /status of 429/.test(msg.text));
      await page.goto(`${baseUrl}/stock/${limited}`);
      const banner = page.getByTestId('analysis-error');
      await banner.waitFor({ timeout: 15_000 });
      assert.match(await banner.innerText(), /You've reached your daily limit of 25 stock analyses\. Please try again tomorrow\./);
    },
  },
];
