// End-to-end runner: starts the real API (API_BIN) serving web/dist, drives
// headless Chromium through named cases, and prints "N passed, N failed, N skipped".
// A case is skipped (with its reason printed) only when an API route it needs
// answers 404, i.e. has not landed yet; see lib/helpers.mjs requireEndpoints.
// Add cases by adding a file under tests/ to SUITES below. E2E_ONLY=<text>
// runs only the cases whose name contains <text>.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startApi } from './lib/api-server.mjs';
import { startFakeStripe } from './lib/fake-stripe.mjs';
import { startFeedServer } from './lib/feed-server.mjs';
import { launchBrowser, openPage } from './lib/browser.mjs';
import { Skip } from './lib/helpers.mjs';
import adminBatch from './tests/admin-batch.mjs';
import adminDocuments from './tests/admin-documents.mjs';
import adminJobs from './tests/admin-jobs.mjs';
import accessTokens from './tests/access-tokens.mjs';
import accessibility from './tests/accessibility.mjs';
import accounts from './tests/accounts.mjs';
import adminNewsletter from './tests/admin-newsletter.mjs';
import adminNotes from './tests/admin-notes.mjs';
import adminTrends from './tests/admin-trends.mjs';
import analytics from './tests/analytics.mjs';
import chat from './tests/chat.mjs';
import content from './tests/content.mjs';
import home from './tests/home.mjs';
import keyboard from './tests/keyboard.mjs';
import limits from './tests/limits.mjs';
import payments from './tests/payments.mjs';
import smoke from './tests/smoke.mjs';
import stock from './tests/stock.mjs';
import watchlist from './tests/watchlist.mjs';

// Order matters a little: the daily-limit case queues many analyses, so it runs last.
const SUITES = [smoke, home, accounts, stock, analytics, chat, payments, adminNotes, adminDocuments, adminBatch, adminTrends, adminNewsletter, adminJobs, watchlist, accessTokens, content, accessibility, keyboard, limits];

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(webDir, 'dist');
const artifacts = path.join(webDir, 'test-artifacts');
const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const only = process.env.E2E_ONLY;
const tests = SUITES.flat().filter((t) => !only || t.name.includes(only));
let passed = 0;
let failed = 0;
let skipped = 0;
let api;
let stripe;
let feeds;
let browser;
let tmpDir;

async function runCase({ name, fn, viewport }, shared) {
  const { context, page, consoleErrors, allow } = await openPage(browser.browser, { viewport });
  const expectNoConsoleErrors = () => assert.deepEqual(consoleErrors, [], `console errors on ${page.url()}`);
  const started = Date.now();
  let screenshot = true;
  try {
    await fn({ page, context, consoleErrors, allow, expectNoConsoleErrors, ...shared });
    passed++;
    console.log(`ok   - ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    if (error instanceof Skip) {
      skipped++;
      screenshot = false;
      console.log(`skip - ${name}: ${error.message}`);
    } else {
      failed++;
      console.log(`FAIL - ${name}\n${String(error?.stack ?? error).replace(/^/gm, '       ')}`);
    }
  } finally {
    if (screenshot) await page.screenshot({ path: path.join(artifacts, `${slug(name)}.png`), fullPage: true }).catch(() => {});
    await context.close().catch(() => {});
  }
}

async function cleanup() {
  await browser?.browser.close().catch(() => {});
  await api?.stop().catch(() => {});
  await stripe?.stop().catch(() => {});
  await feeds?.stop().catch(() => {});
  if (tmpDir) await rm(tmpDir, { recursive: true, force: true }).catch(() => {});
}

// Never leave the API running, whatever ends the run.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => cleanup().finally(() => process.exit(130)));
}

try {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No build at ${webDist}; run \`npm run build\` first.`);
  }
  await mkdir(artifacts, { recursive: true });
  // Screenshots of this run only: a stale picture of a renamed or skipped case would mislead.
  for (const file of await readdir(artifacts)) if (file.endsWith('.png')) await rm(path.join(artifacts, file));
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'bubba-e2e-'));
  const apiLog = path.join(artifacts, 'api.log');
  stripe = await startFakeStripe();
  feeds = await startFeedServer();
  api = await startApi({ tmpDir, webDist, logFile: apiLog, env: { ...stripe.env, ...feeds.env } });
  browser = await launchBrowser();
  const shared = { baseUrl: api.baseUrl, dbPath: path.join(tmpDir, 'e2e.db'), apiLog, artifacts };
  for (const test of tests) await runCase(test, shared);
} catch (error) {
  // Setup failed: none of the cases could run, so all of them count as failed.
  console.error(`e2e setup failed: ${error?.message ?? error}`);
  failed = tests.length - passed - skipped;
} finally {
  await cleanup();
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
