// Personal access tokens and the MCP endpoint: a signed-in user makes a token on the account
// page and reads it off the page (shown once), an outside client speaks MCP to /mcp with it
// (initialize, tools/list, one tools/call that spends a chat query), the user revokes it on
// the page, and /mcp refuses it from then on.
import assert from 'node:assert/strict';

import { requireEndpoints, signInSharedUser } from '../lib/helpers.mjs';

/** One JSON-RPC request to /mcp as an MCP client sends it; answers `{ status, message }`. */
async function mcp(baseUrl, token, method, params = {}, id = 1) {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, message: null, text };
  // The answer is JSON, or a server-sent event stream whose data lines hold it.
  const json = (res.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data:') && line.slice(5).trim())
        .map((line) => JSON.parse(line.slice(5)))
        .find((m) => m.id === id)
    : JSON.parse(text);
  return { status: res.status, message: json, text };
}

const INITIALIZE = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1.0' } };

async function queriesUsed(context, baseUrl) {
  return (await (await context.request.get(`${baseUrl}/api/chat/usage`)).json()).queriesUsed;
}

export default [
  {
    name: 'access tokens: make one on the account page, list the tools over /mcp with it, revoke it, and it is refused',
    async fn({ page, context, baseUrl, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ['/api/account/tokens', '/mcp']);
      await signInSharedUser(context, baseUrl);
      await page.goto(`${baseUrl}/account-details`);
      const card = page.getByRole('region', { name: 'Access tokens' });
      await card.getByLabel('Token name').fill('e2e assistant');
      await card.getByRole('button', { name: 'Create token' }).click();
      const token = (await card.getByTestId('new-token').innerText()).trim();
      assert.match(token, /^bubba_pat_[0-9a-f]{64}$/);
      await card.getByText("I can't show it to you again", { exact: false }).waitFor();
      const list = card.getByRole('list', { name: 'Your access tokens' });
      await list.getByText('e2e assistant').waitFor();

      const init = await mcp(baseUrl, token, 'initialize', INITIALIZE);
      assert.equal(init.status, 200, init.text);
      assert.ok(init.message.result.capabilities.tools, init.text);
      const listed = await mcp(baseUrl, token, 'tools/list', {}, 2);
      assert.equal(listed.status, 200, listed.text);
      const names = listed.message.result.tools.map((t) => t.name);
      for (const name of ['find_company', 'score', 'question', 'compare', 'top', 'documents', 'glossary']) {
        assert.ok(names.includes(name), `${name} in ${names}`);
      }

      // A call spends one chat query, as a chat message does.
      const before = await queriesUsed(context, baseUrl);
      const called = await mcp(baseUrl, token, 'tools/call', { name: 'glossary', arguments: { term: 'dividend' } }, 3);
      assert.equal(called.status, 200, called.text);
      assert.equal(called.message.result.isError, false, called.text);
      assert.match(called.message.result.content[0].text, /"found":true/);
      assert.equal(await queriesUsed(context, baseUrl), before + 1);

      page.once('dialog', (dialog) => dialog.accept());
      await list.getByRole('button', { name: 'Revoke e2e assistant' }).click();
      await card.getByText('e2e assistant', { exact: true }).waitFor({ state: 'detached' });
      const refused = await mcp(baseUrl, token, 'tools/list', {}, 4);
      assert.equal(refused.status, 401, refused.text);
      expectNoConsoleErrors();
    },
  },
];
