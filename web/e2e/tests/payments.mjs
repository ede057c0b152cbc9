// Buying a pack in the browser: a signed-in user picks Pro, pays on the (local fake) hosted
// checkout, comes back, sees 'Payment Successful!' and 250 remaining queries (50 free + 200).
import assert from 'node:assert/strict';

import { registerViaApi, requireEndpoints, uniqueEmail } from '../lib/helpers.mjs';

export default [
  {
    name: 'payments: pick Pro, pay on the hosted checkout, return to Payment Successful! and 250 queries',
    async fn({ page, context, baseUrl, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ['/api/pricing']);
      await registerViaApi(context, baseUrl, uniqueEmail('buyer'));
      await page.goto(`${baseUrl}/pricing`);
      await page.getByText('You have 50 queries remaining.').waitFor();
      await page.getByRole('region', { name: 'Pro Pack' }).getByText('9¢ per query').waitFor();
      await page.getByRole('button', { name: 'Buy Pro Pack' }).click();

      // The pricing page has a 'Pro Pack' heading too: wait for the checkout's own button, so
      // the title is read after the navigation, not during it.
      const pay = page.getByRole('button', { name: 'Pay $18.00' });
      await pay.waitFor();
      assert.equal(await page.title(), 'Fake Stripe Checkout');
      await pay.click();

      await page.getByText('Payment Successful!').waitFor();
      await page.getByText('200 queries have been added to your account.').waitFor();
      await page.getByText('You have 250 queries remaining.').waitFor();
      await page.waitForURL(`${baseUrl}/pricing`);
      expectNoConsoleErrors();
    },
  },
];
