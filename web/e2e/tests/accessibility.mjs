// axe-core on every route, as a visitor, a signed-in user and the admin, on a desktop and a
// phone: no serious or critical violation (contrast, names, roles, labels...). One case that
// reuses the run's browser, so the whole sweep costs one analysis per role and a few seconds
// of axe per page.
import assert from 'node:assert/strict';

import { signInAdmin } from '../lib/admin.mjs';
import { seriousViolations } from '../lib/axe.mjs';
import { signInSharedUser } from '../lib/helpers.mjs';

const ANALYSIS_TIMEOUT = 120_000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** The stock page with every question card open, so all 12 charts and tables are checked. */
async function stockReady(page) {
  await page.getByTestId('company-name').waitFor({ timeout: ANALYSIS_TIMEOUT });
  await page.getByRole('button', { name: 'Expand all' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="question-card"] svg.recharts-surface').length >= 3);
}

const PUBLIC = [
  '/',
  '/auth',
  '/auth?signup=true',
  '/stock/AAPL',
  '/analytics',
  '/analytics?tab=trending',
  '/pricing',
  '/how-it-works',
  '/meet-bubba',
  '/legal-disclaimer',
  '/terms',
  '/privacy',
  '/reset-password',
  '/reset-password/confirm?token=not-a-real-token',
  '/stock/NOSUCHTICKER',
  '/this-page-does-not-exist',
];
const SIGNED_IN = ['/', '/account-details', '/pricing', '/analytics', '/stock/MSFT'];
const ADMIN = ['/admin', '/admin/batch', '/admin/newsletter', '/admin/trends', '/admin/chat-test', '/admin/kv', '/admin/content', '/admin/jobs'];

async function settle(page, route) {
  if (/^\/stock\/(AAPL|MSFT)$/.test(route)) await stockReady(page);
  else await page.locator('h1, h2').first().waitFor({ timeout: 15_000 });
  // Lists and tables fill in after their calls; check the page a user would actually read.
  await page.waitForLoadState('networkidle');
}

async function sweep({ browser, baseUrl, routes, signIn, label }) {
  const problems = [];
  for (const viewport of [DESKTOP, PHONE]) {
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    try {
      if (signIn) await signIn(context);
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(`${baseUrl}${route}`);
        await settle(page, route);
        for (const line of await seriousViolations(page)) problems.push(`${label} ${viewport.width}px ${route}: ${line}`);
      }
    } finally {
      await context.close();
    }
  }
  return problems;
}

export default [
  {
    name: 'accessibility: axe finds no serious or critical violation on any route, signed out, signed in or admin, desktop and phone',
    async fn({ context, baseUrl, dbPath }) {
      const browser = context.browser();
      const problems = [
        ...(await sweep({ browser, baseUrl, routes: PUBLIC, label: 'visitor' })),
        ...(await sweep({
          browser,
          baseUrl,
          routes: SIGNED_IN,
          label: 'user',
          signIn: (ctx) => signInSharedUser(ctx, baseUrl),
        })),
        ...(await sweep({
          browser,
          baseUrl,
          routes: ADMIN,
          label: 'admin',
          signIn: (ctx) => signInAdmin({ context: ctx, baseUrl, dbPath }),
        })),
      ];
      assert.deepEqual(problems, [], `axe violations:\n${problems.join('\n')}`);
    },
  },
];
