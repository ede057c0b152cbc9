// Watchlist, alerts and the weekly digest: past quarters of AAPL and KO are stored (the admin's
// AnalyzeQuarter call, as the trends case seeds them; 2025-Q4, where AAPL's score moves from red
// to yellow and two of KO's questions move by 3 or more); a new user watches both from the stock
// page; a newer record of each is scored (POST /api/analyses); the bell shows the alert with
// its reason; with today as the digest day the scheduler's tick writes the digest to the
// outbox with the change and a one-click unsubscribe link that works. A second watcher whose
// stock did not change (the admin watching MSFT, digest day today too) gets no e-mail: the
// week is decided without one.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { signInAdmin } from '../lib/admin.mjs';
import { ADMIN_USERNAME } from '../lib/api-server.mjs';
import { eventually, latestEmailBody, registerViaApi, requireEndpoints, sleep, uniqueEmail } from '../lib/helpers.mjs';

const JSON_HEADERS = { 'content-type': 'application/json' };

async function jobSucceeds(context, baseUrl, id) {
  for (let i = 0; i < 600; i++) {
    const job = await (await context.request.get(`${baseUrl}/api/jobs/${id}`)).json();
    if (job.status === 'succeeded') return;
    assert.notEqual(job.status, 'failed', `job ${id} failed: ${job.error}`);
    await sleep(100);
  }
  throw new Error(`job ${id} did not finish`);
}

/** The user's digest decision of this week: `{ outbox }` (null: decided without an e-mail), or null when not decided yet. */
async function digestDecision(dbPath, username) {
  const sql = `SELECT coalesce(d.outbox_id, 'none') FROM weekly_digests d JOIN users u ON u.id = d.user_id
    WHERE u.username = '${username.replace(/'/g, "''")}';`;
  const { stdout } = await promisify(execFile)('sqlite3', [dbPath, sql]);
  const value = stdout.trim();
  return value ? { outbox: value === 'none' ? null : value } : null;
}

const todayIso = () => ((new Date().getUTCDay() + 6) % 7) + 1;

export default [
  {
    name: 'watchlist: a watched stock rescored rings the bell and lands in the digest',
    async fn({ page, context, baseUrl, dbPath, apiLog, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ['/api/watchlist', '/api/alerts', '/api/alert-settings']);
      await signInAdmin({ context, baseUrl, dbPath });
      for (const symbol of ['AAPL', 'KO']) {
        const queued = await context.request.post(`${baseUrl}/api/admin/trends/analyze-quarter`, {
          data: { symbol, quarter: '2025-Q4' },
          headers: JSON_HEADERS,
        });
        assert.equal(queued.status(), 202, await queued.text());
        await jobSucceeds(context, baseUrl, (await queued.json()).jobId);
      }
      // The quiet watcher is the admin (no sign-up: the suite's 10 per address are spent):
      // MSFT, which nothing in this case rescores, with the digest due today.
      const watched = await context.request.post(`${baseUrl}/api/watchlist/MSFT`, { headers: JSON_HEADERS, data: {} });
      assert.equal(watched.status(), 200, await watched.text());
      const quiet = await context.request.put(`${baseUrl}/api/alert-settings`, {
        data: { alertsEnabled: true, digestEnabled: true, digestDay: todayIso() },
        headers: JSON_HEADERS,
      });
      assert.equal(quiet.status(), 200, await quiet.text());
      await context.request.post(`${baseUrl}/api/logout`, { headers: JSON_HEADERS, data: {} });
      const { username } = await registerViaApi(context, baseUrl, uniqueEmail('watch'));

      for (const symbol of ['AAPL', 'KO']) {
        await page.goto(`${baseUrl}/stocks/${symbol}`);
        await page.getByTestId('score-box').waitFor({ timeout: 30_000 });
        await page.getByRole('button', { name: 'Watch', exact: true }).click();
        await page.getByRole('button', { name: 'Watching' }).waitFor();
      }

      // A newer record of each, scored after they were watched.
      for (const symbol of ['AAPL', 'KO']) {
        const queued = await context.request.post(`${baseUrl}/api/analyses`, { data: { symbol }, headers: JSON_HEADERS });
        assert.equal(queued.status(), 202, await queued.text());
        await jobSucceeds(context, baseUrl, (await queued.json()).jobId);
      }
      const alerts = await eventually(
        async () => {
          const body = await (await context.request.get(`${baseUrl}/api/alerts`)).json();
          return body.unread > 0 ? body : null;
        },
        { timeoutMs: 20_000, message: 'an alert' },
      );
      const first = alerts.alerts[0];
      await page.goto(`${baseUrl}/my-stocks`);
      await page.getByRole('heading', { name: 'My stocks' }).waitFor();
      const bell = page.getByRole('button', { name: /^Alerts, \d+ unread$/ });
      await bell.click();
      const list = page.getByRole('region', { name: 'Your alerts' });
      await list.getByText(first.reason, { exact: true }).waitFor();
      assert.match(await list.innerText(), new RegExp(`${first.symbol}`));

      // Today is the digest day: the scheduler's next tick queues the digest.
      const saved = await context.request.put(`${baseUrl}/api/alert-settings`, {
        data: { alertsEnabled: true, digestEnabled: true, digestDay: todayIso() },
        headers: JSON_HEADERS,
      });
      assert.equal(saved.status(), 200, await saved.text());
      const body = await eventually(
        async () => {
          const text = await latestEmailBody({ dbPath, apiLog }, username);
          return text.includes('/api/unsubscribe?token=') ? text : null;
        },
        { timeoutMs: 45_000, intervalMs: 500, message: 'the digest in the outbox' },
      );
      assert.ok(body.includes(`${first.symbol}: score ${first.previousScore} → ${first.currentScore}`), body);
      assert.ok(body.includes(first.reason), body);
      const link = body.match(/http\S+\/api\/unsubscribe\?token=[0-9]+\.[0-9a-f]+/)[0];
      const unsubscribed = await fetch(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      assert.equal(unsubscribed.status, 200);
      const settings = await (await context.request.get(`${baseUrl}/api/alert-settings`)).json();
      assert.equal(settings.digestEnabled, false);

      // The quiet watcher's week was decided by the same ticks, without an e-mail.
      const quietWeek = await eventually(() => digestDecision(dbPath, ADMIN_USERNAME), {
        timeoutMs: 20_000,
        message: "the quiet watcher's digest decided",
      });
      assert.equal(quietWeek.outbox, null, 'no change, no digest');
      assert.ok(!(await latestEmailBody({ dbPath, apiLog }, ADMIN_USERNAME)).includes('/api/unsubscribe?token='));
      expectNoConsoleErrors();
    },
  },
];
