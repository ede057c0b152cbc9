// Shared steps for the end-to-end cases: endpoint probes (skip only on 404),
// accounts made through the real API, the e-mail outbox, small waits.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Thrown to mark a case as skipped; the runner prints the reason. */
export class Skip extends Error {}

/**
 * Asks the API whether each route exists without calling it: OPTIONS answers
 * 405 for a route that exists (another method) and 404 for one that does not.
 * Skips the case, naming the missing routes, only when a route answers 404.
 */
export async function requireEndpoints(baseUrl, paths) {
  const missing = [];
  for (const path of paths) {
    const res = await fetch(`${baseUrl}${path}`, { method: 'OPTIONS' });
    if (res.status === 404) missing.push(path);
  }
  if (missing.length) throw new Skip(`the API answers 404 for ${missing.join(', ')} (not landed yet)`);
}

/** True when a route exists (see requireEndpoints). */
export async function endpointExists(baseUrl, path) {
  const res = await fetch(`${baseUrl}${path}`, { method: 'OPTIONS' });
  return res.status !== 404;
}

const noted = new Set();

/**
 * Lets the case's console check ignore 404s of routes that have not landed
 * (probed first; the page's own fallback for them is still checked). Each
 * missing route is reported once per run.
 */
export async function allowMissing({ baseUrl, allow }, paths) {
  const missing = [];
  for (const path of paths) if (!(await endpointExists(baseUrl, path))) missing.push(path);
  for (const path of missing) {
    allow((msg) => /status of 404/.test(msg.text) && msg.url.includes(path));
    if (!noted.has(path)) console.log(`       note: ${path} answers 404 (not landed yet); the page's fallback is checked instead`);
    noted.add(path);
  }
  return missing;
}

let counter = 0;
/** A unique, valid username for this run. */
export function uniqueEmail(prefix = 'porch') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Registers an account through the browser context's request API (so its cookie lands in the context). */
export async function registerViaApi(context, baseUrl, username, password = 'porchswing') {
  const res = await context.request.post(`${baseUrl}/api/register`, {
    data: { username, password, acceptTerms: true, acceptPrivacy: true },
    headers: { 'content-type': 'application/json' },
  });
  if (res.status() !== 201 && res.status() !== 200) throw new Error(`register answered ${res.status()}: ${await res.text()}`);
  return { username, password };
}

let sharedUser;
/**
 * Signs `context` in as one ordinary user shared by the cases that only need *a* signed-in
 * visitor (accessibility sweep, keyboard visit): registered once per run, logged in after that,
 * because the API allows 10 sign-ups per address per 15 minutes and the suite's own sign-up
 * cases need theirs.
 */
export async function signInSharedUser(context, baseUrl) {
  if (!sharedUser) {
    sharedUser = await registerViaApi(context, baseUrl, uniqueEmail('shared'));
    return sharedUser;
  }
  const res = await context.request.post(`${baseUrl}/api/login`, {
    data: { username: sharedUser.username, password: sharedUser.password },
    headers: { 'content-type': 'application/json' },
  });
  if (res.status() !== 200) throw new Error(`login answered ${res.status()}: ${await res.text()}`);
  return sharedUser;
}

/** The newest e-mail to `to` in the outbox: read from the database, or from the API log when sqlite3 is absent. */
export async function latestEmailBody({ dbPath, apiLog }, to) {
  try {
    const { stdout } = await run('sqlite3', [dbPath, `SELECT body FROM email_outbox WHERE to_address = '${to.replace(/'/g, "''")}' ORDER BY id DESC LIMIT 1;`]);
    if (stdout.trim()) return stdout;
  } catch {
    // No sqlite3 CLI: fall back to the log line the outbox mailer writes.
  }
  const log = await readFile(apiLog, 'utf8');
  const lines = log.split('\n').filter((line) => line.includes(to) && line.includes('outbox'));
  return lines.at(-1) ?? '';
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `fn` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually(fn, { timeoutMs = 10_000, intervalMs = 200, message = 'condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    last = await fn();
    if (last) return last;
    await sleep(intervalMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${message}`);
}
