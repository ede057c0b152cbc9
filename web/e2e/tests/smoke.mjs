// Smoke cases for the foundation: the SPA is served, talks to the API, and
// unknown or deep links land on the right page.
import assert from 'node:assert/strict';

export default [
  {
    name: 'home page shows the service status from /healthz',
    async fn({ page, baseUrl, expectNoConsoleErrors }) {
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { name: "Howdy, I'm Bubba." }).waitFor();
      await page.getByText('Service status: OK').waitFor({ timeout: 15_000 });
      assert.match(await page.title(), /Ask Bubba/);
      assert.ok(await page.getByText(/not financial advice/i).isVisible(), 'footer disclaimer missing');
      await page.waitForLoadState('networkidle');
      expectNoConsoleErrors();
    },
  },
  {
    name: 'unknown address shows the not-found page',
    async fn({ page, baseUrl, expectNoConsoleErrors }) {
      await page.goto(`${baseUrl}/this-does-not-exist`);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      const home = page.getByRole('link', { name: 'Take me home' });
      assert.equal(await home.getAttribute('href'), '/');
      expectNoConsoleErrors();
    },
  },
  {
    name: 'deep link /how-it-works is served by the SPA fallback',
    async fn({ page, baseUrl, expectNoConsoleErrors }) {
      const response = await page.goto(`${baseUrl}/how-it-works`);
      assert.equal(response?.status(), 200, 'server should answer deep links with index.html');
      await page.getByRole('heading', { level: 1, name: 'How It Works' }).waitFor();
      assert.match(await page.title(), /How It Works/);
      expectNoConsoleErrors();
    },
  },
];
