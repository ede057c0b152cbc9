// Headless Debian Chromium driven by playwright-core (no downloaded browsers).
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

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

// Console errors the product produces on purpose. Chrome logs every non-OK
// fetch as "Failed to load resource"; a signed-out GET /api/user is a 401 by design.
const EXPECTED_CONSOLE_ERRORS = [(msg) => /status of 401/.test(msg.text) && /\/api\/user$/.test(msg.url)];

/** A fresh profile per run: playwright takes the user-data-dir as a parameter, not an arg. */
export async function launchBrowser() {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bubba-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return { context, profile };
}

/**
 * Opens a page that records console errors and uncaught exceptions, so a test
 * can assert that none happened.
 */
export async function openPage(context) {
  const page = await context.newPage();
  const consoleErrors = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const entry = { text: msg.text(), url: msg.location().url };
    if (!EXPECTED_CONSOLE_ERRORS.some((expected) => expected(entry))) consoleErrors.push(entry);
  });
  page.on('pageerror', (error) => consoleErrors.push({ text: `uncaught: ${error.message}`, url: page.url() }));
  return { page, consoleErrors };
}
