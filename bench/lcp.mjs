// Largest Contentful Paint of a stock page on a throttled phone, in headless Debian Chromium.
//
//   npm --prefix web run build && cargo build -p api --bin api
//   API_BIN=$CARGO_TARGET_DIR/debug/api MARKET_DATA_DIR=/work/shared/market-data node bench/lcp.mjs [TICKER] [RUNS]
//
// Starts the real API on a throwaway SQLite database (the e2e helper), analyses the stock once
// so the page measures a stored analysis (what nearly every visitor gets), then loads
// /stock/{TICKER} RUNS times (default AAPL, 3), each in a fresh context (empty cache, no
// cookies) on a 390x844 phone with Chromium's "Fast 3G" profile and a 4x CPU slowdown, and
// prints First Contentful Paint, LCP (and which element it was), and when the company name
// (the analysis itself) was on screen.
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startApi } from '../web/e2e/lib/api-server.mjs';

const require = createRequire(new URL('../web/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../web/dist');
const ticker = process.argv[2] ?? 'AAPL';
const runs = Number(process.argv[3] ?? 3);

// DevTools' "Fast 3G" preset: request-level throttling, so its latency and rates are the
// packet-level profile (150 ms RTT, 1.6 Mbps down, 750 kbps up) scaled the way Lighthouse does
// (latency x 3.75, throughput x 0.9).
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.44 * 1024 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'bubba-lcp-'));
const api = await startApi({ tmpDir, webDist, logFile: path.join(tmpDir, 'api.log') });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  // Warm the store: the first visit of a stock runs its analysis; the measured ones read it.
  const warm = await browser.newPage();
  await warm.goto(`${api.baseUrl}/stock/${ticker}`);
  await warm.getByTestId('company-name').waitFor({ timeout: 120_000 });
  await warm.close();

  const results = [];
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      window.__lcp = null;
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        const el = last.element;
        window.__lcp = { ms: last.startTime, element: el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"` : '(removed)' };
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const started = Date.now();
    await page.goto(`${api.baseUrl}/stock/${ticker}`);
    await page.getByTestId('company-name').waitFor({ timeout: 120_000 });
    const nameShown = Date.now() - started;
    await page.waitForLoadState('networkidle');
    const figures = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      lcp: window.__lcp,
    }));
    results.push({ run, fcpMs: Math.round(figures.fcp), lcpMs: Math.round(figures.lcp?.ms), lcpElement: figures.lcp?.element, companyNameMs: nameShown });
    await context.close();
  }
  console.table(results);
  const sorted = results.map((r) => r.lcpMs).sort((a, b) => a - b);
  console.log(`LCP median ${sorted[Math.floor(sorted.length / 2)]} ms (runs: ${results.map((r) => r.lcpMs).join(', ')} ms)`);
} finally {
  await browser.close();
  await api.stop();
  await rm(tmpDir, { recursive: true, force: true });
}
