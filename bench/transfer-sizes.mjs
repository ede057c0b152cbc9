// What a first visit transfers over the wire, as headless Chromium reports
// it (the devtools protocol's encodedDataLength: compressed bytes plus headers). Starts the
// release API on a fresh SQLite database serving web/dist, then, each in a fresh browser
// context (empty cache, no cookies): the home route, and a first stock page until its
// analysis is shown. Prints the totals by kind and checks the goals: first stock page
// <= 260 KB, home route JS <= 120 KB.
//
//   cargo build --release -p api --bin api && npm --prefix web run build
//   node bench/transfer-sizes.mjs      (env: API_BIN=$CARGO_TARGET_DIR/release/api,
//                                       TICKER=AAPL, ROUNDS=3, CHROMIUM_PATH=/usr/bin/chromium)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'web');
// playwright-core is the web app's dev dependency (the e2e tests' driver).
const { chromium } = createRequire(path.join(webDir, 'package.json'))('playwright-core');

const TICKER = process.env.TICKER ?? 'AAPL';
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const GOALS = { stockPage: 260 * 1024, homeJs: 120 * 1024 };
const apiBin =
  process.env.API_BIN ?? path.join(process.env.CARGO_TARGET_DIR ?? path.join(root, 'target'), 'release/api');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function startApi(tmp) {
  const port = await freePort();
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite://${path.join(tmp, 'sizes.db')}`,
    WEB_DIST: path.join(webDir, 'dist'),
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    METRICS_ADDR: 'off',
    RUST_LOG: 'error',
  };
  const child = spawn(apiBin, [], { env, stdio: ['ignore', 'ignore', process.env.VERBOSE ? 'inherit' : 'ignore'] });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    // Ready once the ticker directory is loaded (the embedded worker loads it on a fresh database).
    const ready = await fetch(`${base}/readyz`).then((r) => r.ok, () => false);
    if (ready) return { base, stop: () => (child.kill('SIGTERM'), exited) };
    await sleep(200);
  }
  child.kill('SIGKILL');
  throw new Error('the API did not become ready in 120 s');
}

/** Loads `url` in a fresh context and sums what Chromium reports per resource type. */
async function transfer(browser, url, ready) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    requests.set(requestId, { url: response.url, type, bytes: 0, done: false });
  });
  // Streams (the job's events) may still be open at the end: count what arrived so far.
  cdp.on('Network.dataReceived', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r && !r.done) r.bytes += encodedDataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r) Object.assign(r, { bytes: encodedDataLength, done: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle').catch(() => {});
  await context.close();
  const byType = {};
  let total = 0;
  for (const r of requests.values()) {
    byType[r.type] = (byType[r.type] ?? 0) + r.bytes;
    total += r.bytes;
  }
  return { total, byType, requests: [...requests.values()] };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const tmp = await mkdtemp(path.join(os.tmpdir(), 'transfer-sizes-'));
const api = await startApi(tmp);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
});
let failed = false;
try {
  for (let round = 1; round <= ROUNDS; round++) {
    const home = await transfer(browser, `${api.base}/`, (page) =>
      page.getByRole('heading').first().waitFor({ timeout: 30_000 }),
    );
    // The first round's stock page runs the analysis (a cold page); later rounds read it stored.
    const stock = await transfer(browser, `${api.base}/stock/${TICKER}`, (page) =>
      page.getByText('Revenue and Revenue Growth %').first().waitFor({ timeout: 120_000 }),
    );
    const homeJs = home.byType.Script ?? 0;
    console.log(
      `round ${round}: home ${kb(home.total)} (JS ${kb(homeJs)}), first stock page ${kb(stock.total)} ` +
        `(JS ${kb(stock.byType.Script ?? 0)}, CSS ${kb(stock.byType.Stylesheet ?? 0)}, ` +
        `API ${kb((stock.byType.Fetch ?? 0) + (stock.byType.XHR ?? 0) + (stock.byType.EventSource ?? 0))}, ` +
        `document ${kb(stock.byType.Document ?? 0)}, other ${kb(
          stock.total -
            ['Script', 'Stylesheet', 'Fetch', 'XHR', 'EventSource', 'Document']
              .map((t) => stock.byType[t] ?? 0)
              .reduce((a, b) => a + b, 0),
        )})`,
    );
    if (process.env.VERBOSE) {
      for (const r of stock.requests) console.log(`  ${r.type.padEnd(11)} ${kb(r.bytes).padStart(9)} ${r.url}`);
    }
    failed ||= stock.total > GOALS.stockPage || homeJs > GOALS.homeJs;
  }
  console.log(`goals: first stock page <= ${kb(GOALS.stockPage)}, home JS <= ${kb(GOALS.homeJs)}: ${failed ? 'NOT met' : 'met'}`);
} finally {
  await browser.close();
  await api.stop();
  await rm(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
