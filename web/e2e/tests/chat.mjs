// The assistant in the browser: a new account asks about AAPL's debt and watches the streamed,
// sourced answer arrive and the usage badge drop; an anonymous visitor gets the sign-up prompt.
import assert from 'node:assert/strict';

import { registerViaApi, requireEndpoints, uniqueEmail } from '../lib/helpers.mjs';

const ROUTES = ['/api/chat/usage', '/api/chat/AAPL', '/api/analyze-stock/AAPL'];
const ANALYSIS_TIMEOUT = 120_000;

/** Opens AAPL's page and waits for the analysis, then opens the chat panel. */
async function openChatOnAapl(page, baseUrl) {
  await page.goto(`${baseUrl}/stock/AAPL`);
  const button = page.getByRole('button', { name: 'Chat with Ask Bubba' });
  await button.waitFor({ timeout: ANALYSIS_TIMEOUT });
  await button.click();
  const panel = page.getByRole('region', { name: 'Ask Bubba about AAPL' });
  await panel.waitFor();
  return panel;
}

export default [
  {
    name: "chat: sign up, ask AAPL's debt, see the streamed sourced answer and the badge go 50 -> 49",
    async fn({ page, context, baseUrl, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ROUTES);
      await registerViaApi(context, baseUrl, uniqueEmail('chat'));
      const panel = await openChatOnAapl(page, baseUrl);
      await panel.getByText(/Ask me anything about Apple Inc\. \(AAPL\)/).waitFor();
      await panel.getByTestId('chat-usage-badge').getByText('50 queries left').waitFor();

      // Count the chunks the browser receives (the reply streams, it does not arrive whole).
      const input = panel.getByRole('textbox', { name: 'Message' });
      await input.fill("what's the debt situation?");
      await input.press('Enter');
      const reply = panel.getByTestId('chat-messages').locator('li[data-role="assistant"]').last();
      // us-gaap:LongTermDebt 88,500,000,000 + us-gaap:CommercialPaper 1,997,000,000 USD at
      // 2025-12-27 (10-Q, accession 0000320193-26-000006; the newer 10-Q in the snapshot has
      // no marketable securities, so the balance sheet is read at the last complete date).
      await reply.getByText(/\$90\.5B of debt/).waitFor();
      const source = reply.getByRole('link', { name: /0000320193-26-000006/ });
      await source.first().waitFor();
      assert.equal(
        await source.first().getAttribute('href'),
        'https://www.sec.gov/Archives/edgar/data/320193/000032019326000006/0000320193-26-000006-index.htm',
      );
      await panel.getByTestId('chat-usage-badge').getByText('49 queries left').waitFor();
      assert.equal(await input.isDisabled(), false, 'the input is free again');
      expectNoConsoleErrors();
    },
  },
  {
    name: 'chat: an anonymous visitor sees the sign-up prompt on the home page and sends nothing',
    async fn({ page, baseUrl, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ROUTES);
      const chatCalls = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/chat/')) chatCalls.push(r.url());
      });
      // On the home page (a stock page would use one of this address's anonymous analyses).
      await page.goto(`${baseUrl}/`);
      await page.getByRole('button', { name: 'Chat with Ask Bubba' }).click();
      const panel = page.getByRole('region', { name: 'Ask Bubba' });
      await panel.getByText(/Sign up for a free account and you get 50 free queries/).waitFor();
      assert.equal(await panel.getByRole('link', { name: 'Sign Up Free' }).getAttribute('href'), '/auth?signup=true');
      assert.equal(await panel.getByRole('textbox', { name: 'Message' }).isDisabled(), true);
      assert.deepEqual(chatCalls, []);
      expectNoConsoleErrors();
    },
  },
];
