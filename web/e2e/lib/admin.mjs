// The admin for the admin cases: the account is made as the operator makes it
// (`api create-admin`, since public sign-up refuses ADMIN_USERNAME), then the
// browser context signs in through the real API.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { ADMIN_USERNAME, resolveBinary } from './api-server.mjs';

const run = promisify(execFile);
const ADMIN_PASSWORD = 'porch-admin-1';
let created = false;

/** Creates the admin once per run (against the run's database) and signs `context` in. */
export async function signInAdmin({ context, baseUrl, dbPath }) {
  if (!created) {
    await run(resolveBinary(), ['create-admin', '--username', ADMIN_USERNAME], {
      env: { ...process.env, DATABASE_URL: `sqlite://${dbPath}`, ADMIN_USERNAME, ADMIN_PASSWORD },
    });
    created = true;
  }
  const res = await context.request.post(`${baseUrl}/api/login`, {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
    headers: { 'content-type': 'application/json' },
  });
  if (res.status() !== 200) throw new Error(`admin login answered ${res.status()}: ${await res.text()}`);
}
