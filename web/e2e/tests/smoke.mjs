// The SPA is served, talks to the API, and unknown or deep links land on the right page.
import assert from 'node:assert/strict';

import { allowMissing } from '../lib/helpers.mjs';

const HOME_CALLS = ['/api/top-stocks', '/api/content'];

export default [
  {
    name: 'home page: welcome card, search, trial counter, tabs and the disclaimer',
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await allowMissing(ctx, HOME_CALLS);
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { level: 1, name: "Howdy, I'm Bubba." }).waitFor();
      assert.match(await page.title(), /Ask Bubba/);
      await page.getByRole('combobox', { name: /Search for a stock/ }).waitFor();
      // A signed-out first visit creates the trial id and shows the counter.
      await page.getByTestId('trial-counter').waitFor({ timeout: 10_000 });
      assert.match(await page.getByTestId('trial-counter').innerText(), /3 of 3 free analyses left/);
      const id = await page.evaluate(() => localStorage.getItem('anonymous_session_id'));
      assert.ok(id && id.length >= 8, `anonymous_session_id should be stored, got ${id}`);
      assert.ok(await page.getByText(/First 3 analyses are on the house/).isVisible(), 'sign-up hint missing');
      // Top 25, or the preview when the ranking is empty or fails.
      await page.locator('table').first().waitFor({ timeout: 10_000 });
      const caption = await page.locator('table caption').first().innerText();
      assert.match(caption, /Top 25 stocks by score|Preview stocks/);
      await page.getByRole('tab', { name: 'Popular Stocks' }).click();
      const popular = await page.getByRole('tabpanel').getByRole('link').allInnerTexts();
      assert.deepEqual(popular, ['AAPL', 'MSFT', 'GOOG', 'AMZN', 'META', 'TSLA', 'NVDA', 'JPM']);
      assert.ok(await page.getByText(/not financial advice/i).isVisible(), 'footer disclaimer missing');
      await page.waitForLoadState('networkidle');
      expectNoConsoleErrors();
    },
  },
  {
    name: 'home page fits a 360 px phone screen',
    viewport: { width: 360, height: 740 },
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await allowMissing(ctx, HOME_CALLS);
      await page.goto(`${baseUrl}/`);
      await page.getByRole('heading', { level: 1, name: "Howdy, I'm Bubba." }).waitFor();
      await page.locator('table').first().waitFor({ timeout: 10_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
      await page.getByRole('button', { name: 'Open navigation menu' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login / Sign Up' }).waitFor();
      expectNoConsoleErrors();
    },
  },
  {
    name: 'unknown address shows the not-found page',
    async fn(ctx) {
      const { page, baseUrl, expectNoConsoleErrors } = ctx;
      await allowMissing(ctx, HOME_CALLS);
      // The 404 status is the point; Chromium logs the document's own 404 as a console error.
      ctx.allow((msg) => /status of 404/.test(msg.text) && msg.url === `${baseUrl}/this-does-not-exist`);
      const response = await page.goto(`${baseUrl}/this-does-not-exist`);
      assert.equal(response?.status(), 404, 'an address no page matches answers 404');
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      const home = page.getByRole('link', { name: 'Take me home' });
      assert.equal(await home.getAttribute('href'), '/');
      await home.click();
      await page.getByRole('heading', { level: 1, name: "Howdy, I'm Bubba." }).waitFor();
      expectNoConsoleErrors();
    },
  },
  {
    name: 'deep link /how-it-works#questions is served by the SPA fallback and has every anchor',
    async fn({ page, baseUrl, expectNoConsoleErrors }) {
      const response = await page.goto(`${baseUrl}/how-it-works#questions`);
      assert.equal(response?.status(), 200, 'server should answer deep links with index.html');
      await page.getByRole('heading', { level: 1, name: 'How It Works' }).waitFor();
      assert.match(await page.title(), /How It Works/);
      for (const id of ['overview', 'icons', 'charts', 'bubbasnotes', 'questions', 'analysis']) {
        assert.equal(await page.locator(`#${id}`).count(), 1, `#${id} missing`);
      }
      await page.waitForFunction(() => document.getElementById('questions')?.getBoundingClientRect().top < 200);
      expectNoConsoleErrors();
    },
  },
  {
    name: 'legal pages link back to /auth',
    async fn({ page, baseUrl, expectNoConsoleErrors }) {
      for (const [path, title] of [
        ['/legal-disclaimer', 'Legal Disclaimer'],
        ['/terms', 'Terms and Conditions'],
        ['/privacy', 'Privacy Policy'],
      ]) {
        await page.goto(`${baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: title }).waitFor();
        assert.equal(await page.getByRole('link', { name: '← Back' }).getAttribute('href'), '/auth');
      }
      await page.goto(`${baseUrl}/meet-bubba`);
      await page.getByRole('heading', { level: 1, name: 'Meet Bubba' }).waitFor();
      expectNoConsoleErrors();
    },
  },
  {
    name: 'the app is installable: a linked web manifest whose icons load at their stated sizes',
    async fn({ page, baseUrl, expectNoConsoleErrors }) {
      await page.goto(`${baseUrl}/`);
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const response = await page.request.get(new URL(href, baseUrl).href);
      assert.equal(response.status(), 200);
      const manifest = await response.json();
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.start_url, '/');
      // Chromium's install criteria: a 192 px and a 512 px PNG icon.
      for (const size of [192, 512]) {
        const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
        assert.ok(icon, `no ${size}px PNG icon in the manifest`);
        const drawn = await page.evaluate(async (src) => {
          const img = new Image();
          img.src = src;
          await img.decode();
          return [img.naturalWidth, img.naturalHeight];
        }, icon.src);
        assert.deepEqual(drawn, [size, size], `${icon.src} is not ${size}px`);
      }
      expectNoConsoleErrors();
    },
  },
];
