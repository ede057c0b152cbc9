// Starts the real API binary for the end-to-end run and stops it again.
// Environment contract with the API: HOST, PORT, DATABASE_URL, WEB_DIST,
// MARKET_DATA_DIR (passed through when set), PUBLIC_BASE_URL (this run's address), plus
// `env` (the fake Stripe's settings). Optional API_ARGS are appended
// to the command line (e.g. a subcommand), split on whitespace.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const HEALTH_TIMEOUT_MS = 60_000;

/** Asks the OS for an unused port (bind to 0, read it, release it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The e2e admin's username (the API recognises the admin by it). */
export const ADMIN_USERNAME = 'admin-e2e@example.com';

export function resolveBinary() {
  const bin = process.env.API_BIN;
  if (!bin) {
    throw new Error('API_BIN is not set. Build the API and run e.g. `API_BIN=../target/debug/api npm run e2e`.');
  }
  const abs = path.resolve(process.cwd(), bin);
  if (!existsSync(abs) || !statSync(abs).isFile()) throw new Error(`API_BIN does not point to a file: ${abs}`);
  return abs;
}

/**
 * Spawns the API and resolves once GET /healthz answers 200.
 * @returns {Promise<{ baseUrl: string, stop: () => Promise<void> }>}
 */
export async function startApi({ tmpDir, webDist, logFile, env: extraEnv = {} }) {
  const bin = resolveBinary();
  const port = Number(process.env.E2E_PORT) || (await freePort());
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: `sqlite://${path.join(tmpDir, 'e2e.db')}`,
    WEB_DIST: webDist,
    // Links the API builds (checkout return, e-mails) point at this run's address.
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // The admin the admin cases sign in as (lib/admin.mjs creates the account).
    ADMIN_USERNAME: ADMIN_USERNAME,
    // The cases share one database and seed past quarters themselves (admin-trends); a
    // background backfill of every first analysis would race them. The api tests cover it.
    HISTORY_BACKFILL: 'off',
    ...extraEnv,
  };
  if (process.env.MARKET_DATA_DIR) env.MARKET_DATA_DIR = process.env.MARKET_DATA_DIR;
  const args = (process.env.API_ARGS ?? '').split(/\s+/).filter(Boolean);

  const log = createWriteStream(logFile);
  const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Keep the last few KB in memory too: on a failed start they go into the error.
  let tail = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      log.write(chunk);
      tail = (tail + chunk).slice(-4000);
    });
  }
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  child.on('error', (error) => (exited = { error }));

  const stop = async () => {
    if (exited) return log.end();
    child.kill('SIGTERM');
    for (let i = 0; i < 50 && !exited; i++) await sleep(100);
    if (!exited) child.kill('SIGKILL');
    log.end();
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) {
      await sleep(100); // let the last output arrive
      throw new Error(`API exited before it was healthy (${JSON.stringify(exited)}); output:\n${tail}`);
    }
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) return { baseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`API did not answer GET /healthz within ${HEALTH_TIMEOUT_MS / 1000} s; output:\n${tail}`);
}
