// The admin's notes: NVDA notes written in the bulk editor and read on the stock
// page, AAPL's 14 sections drafted from its real 10-K by the auto-analysis job, and the
// storage page's totals. The admin signs in through lib/admin.mjs.
// Each case runs on its own, so each signs in (the admin account is made once per run).
import assert from 'node:assert/strict';

import { signInAdmin } from '../lib/admin.mjs';
import { requireEndpoints } from '../lib/helpers.mjs';

const SECTION_LABELS = [
  'Company Overview',
  'Revenue Streams',
  'Market Growth',
  'Risk Factors',
  'Financial Performance',
  'Supplier Power',
  'Debt Obligations',
  'Covenants',
  'Management Discussion',
  'Key Performance',
  'Competitive Landscape',
  'Future Outlook',
  'Legal Proceedings',
  'Overall Assessment',
];
const AUTO_ANALYSIS_TIMEOUT = 120_000;

/** Creates `symbol`'s notes on /admin (it is then selected). */
async function createStock(page, baseUrl, symbol) {
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Stock Analysis Admin' }).waitFor();
  // The page has three symbol fields (create, the stock selector, the upload's symbol).
  await page.getByRole('textbox', { name: 'Stock Symbol' }).fill(symbol.toLowerCase());
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.getByRole('button', { name: 'Bulk Editor', exact: true }).waitFor();
}

/** Section label -> text of bulk-editor text (the editor's rule: '## ' headers). */
function sectionsOf(text) {
  const out = {};
  let current = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('## ')) current = line.slice(3).trim();
    else if (current) out[current] = `${out[current] ?? ''}\n${line}`.trim();
  }
  return out;
}

export default [
  {
    name: 'admin writes NVDA notes in the bulk editor and visitors read them on the stock page',
    async fn({ page, context, baseUrl, dbPath }) {
      await requireEndpoints(baseUrl, ['/api/admin/stock-analysis', '/api/stock-analysis/NVDA']);
      await signInAdmin({ context, baseUrl, dbPath });
      await createStock(page, baseUrl, 'NVDA');
      await page.getByRole('button', { name: 'Bulk Editor', exact: true }).click();
      const overview = 'NVIDIA makes the chips that run most of the AI data centers.';
      const text = [
        '## 10K Date',
        '2026-01-25',
        ...SECTION_LABELS.flatMap((label) => [
          `## ${label}`,
          label === 'Company Overview' ? overview : `${label} of NVIDIA, in plain words.`,
        ]),
      ].join('\n');
      await page.getByLabel("All sections ('## Section Name' headers)").fill(text);
      await page.getByRole('button', { name: 'Preview Parse' }).click();
      await page.getByText('All sections were parsed successfully!').waitFor();
      await page.getByRole('button', { name: 'Update All Sections' }).click();
      await page.getByText('Update successful').waitFor();

      await page.goto(`${baseUrl}/stock/NVDA`);
      await page.getByRole('button', { name: /Bubba's Notes from the annual report/ }).click();
      const notes = page.getByTestId('notes-body');
      await notes.getByText(overview).waitFor();
      const body = await notes.innerText();
      assert.match(body, /From the 10-K dated/);
      assert.match(body, /Covenants of NVIDIA, in plain words\./);
      assert.doesNotMatch(body, /"NVIDIA/, 'the storage quotes are stripped');
    },
  },
  {
    name: 'admin auto-analyzes AAPL from its 10-K and gets 14 non-empty sections',
    async fn({ page, context, baseUrl, dbPath }) {
      await requireEndpoints(baseUrl, ['/api/admin/auto-analyze-10k/AAPL']);
      await signInAdmin({ context, baseUrl, dbPath });
      await createStock(page, baseUrl, 'AAPL');
      await page.getByRole('button', { name: 'Auto-Analyze 10K' }).click();
      const editor = page.getByLabel("All sections ('## Section Name' headers)");
      await editor.waitFor({ timeout: AUTO_ANALYSIS_TIMEOUT });
      await page.getByText(/Draft from SEC EDGAR: 10-K filed 2024-11-01, aapl-20240928\.htm/).waitFor();
      const sections = sectionsOf(await editor.inputValue());
      assert.equal(sections['10K Date'], '2024-09-28');
      for (const label of SECTION_LABELS) assert.ok((sections[label] ?? '').length > 50, `${label}: ${sections[label]}`);
      assert.match(sections['Company Overview'], /The Company designs, manufactures and markets smartphones/);
      await page.getByRole('button', { name: 'Preview Parse' }).click();
      await page.getByText('All sections were parsed successfully!').waitFor();
      assert.equal(await page.getByRole('list', { name: 'Parsed sections' }).getByRole('listitem').count(), 15);
    },
  },
  {
    name: 'the storage page shows the totals of what the admin stored',
    async fn({ page, context, baseUrl, dbPath }) {
      await requireEndpoints(baseUrl, ['/api/admin/kv-stocks']);
      await signInAdmin({ context, baseUrl, dbPath });
      await page.goto(`${baseUrl}/admin/kv`);
      await page.getByRole('heading', { name: 'Admin Storage Overview' }).waitFor();
      const api = await context.request.get(`${baseUrl}/api/admin/kv-stocks`);
      const stocks = (await api.json()).filter((s) => s.hasData);
      assert.ok(stocks.some((s) => s.symbol === 'AAPL') && stocks.some((s) => s.symbol === 'NVDA'), JSON.stringify(stocks));
      const total = stocks.reduce((sum, s) => sum + s.dataSize, 0);
      const card = (label) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
      // The totals come from their own call (over every stock): wait for them to replace the dashes.
      await card('Total storage').filter({ hasText: 'KB' }).waitFor();
      assert.equal(await card('Stocks with data').innerText(), String(stocks.length));
      assert.equal(await card('Total storage').innerText(), `${(total / 1024).toFixed(2)} KB`);
      assert.equal(await card('Average per stock').innerText(), `${(total / stocks.length / 1024).toFixed(2)} KB`);
    },
  },
];
