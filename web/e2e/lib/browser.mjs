// Headless Debian Chromium driven by playwright-core (no downloaded browsers).
import { chromium } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// No console error is expected: a signed-out visit asks `GET /api/user?optional=true` (200,
// null) and a stock without notes gets `null` from `GET /api/stock-analysis/{ticker}`, so a
// failed request in the console is always worth a look. Cases add their own filters with `allow`.
const EXPECTED_CONSOLE_ERRORS = [];

/** One browser for the run; every case gets a fresh context (no shared cookies or storage). */
export async function launchBrowser() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  return { browser };
}

/**
 * Opens a page in a new context that records console errors and uncaught
 * exceptions, so a test can assert that none happened. `allow` adds filters
 * (e.g. a 404 from an endpoint that has not landed yet).
 */
export async function openPage(browser, { viewport = { width: 1280, height: 900 } } = {}) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const consoleErrors = [];
  const allowed = [...EXPECTED_CONSOLE_ERRORS];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const entry = { text: msg.text(), url: msg.location().url };
    if (!allowed.some((expected) => expected(entry))) consoleErrors.push(entry);
  });
  page.on('pageerror', (error) => consoleErrors.push({ text: `uncaught: ${error.message}`, url: page.url() }));
  return { context, page, consoleErrors, allow: (filter) => allowed.push(filter) };
}
