// End-to-end runner: starts the real API (API_BIN) serving web/dist, drives
// headless Chromium through named cases, and prints "N passed, N failed".
// Add cases by adding a file under tests/ to SUITES below.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startApi } from './lib/api-server.mjs';
import { launchBrowser, openPage } from './lib/browser.mjs';
import smoke from './tests/smoke.mjs';

const SUITES = [smoke];

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(webDir, 'dist');
const artifacts = path.join(webDir, 'test-artifacts');
const slug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

const tests = SUITES.flat();
let passed = 0;
let failed = 0;
let api;
let browser;
let tmpDir;

async function runCase({ name, fn }, baseUrl) {
  const { page, consoleErrors } = await openPage(browser.context);
  const expectNoConsoleErrors = () =>
    assert.deepEqual(consoleErrors, [], `console errors on ${page.url()}`);
  try {
    await fn({ page, baseUrl, consoleErrors, expectNoConsoleErrors });
    passed++;
    console.log(`ok   - ${name}`);
  } catch (error) {
    failed++;
    console.log(`FAIL - ${name}\n${String(error?.stack ?? error).replace(/^/gm, '       ')}`);
  } finally {
    await page.screenshot({ path: path.join(artifacts, `${slug(name)}.png`), fullPage: true }).catch(() => {});
    await page.close().catch(() => {});
  }
}

async function cleanup() {
  await browser?.context.close().catch(() => {});
  await api?.stop().catch(() => {});
  if (browser) await rm(browser.profile, { recursive: true, force: true }).catch(() => {});
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
  tmpDir = await mkdtemp(path.join(os.tmpdir(), 'bubba-e2e-'));
  api = await startApi({ tmpDir, webDist, logFile: path.join(artifacts, 'api.log') });
  browser = await launchBrowser();
  for (const test of tests) await runCase(test, api.baseUrl);
} catch (error) {
  // Setup failed: none of the cases could run, so all of them count as failed.
  console.error(`e2e setup failed: ${error?.message ?? error}`);
  failed = tests.length - passed;
} finally {
  await cleanup();
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
