// Document uploads in the browser: the admin uploads the Uber FY2021 10-K PDF from
// the snapshot on /admin and sees, once the ExtractDocument job has read it in its limited
// child process, its extracted size in KB and a preview of its text.
import assert from 'node:assert/strict';
import path from 'node:path';

import { signInAdmin } from '../lib/admin.mjs';
import { Skip, requireEndpoints } from '../lib/helpers.mjs';

const EXTRACTION_TIMEOUT = 120_000;

export default [
  {
    name: 'admin documents: upload the Uber 10-K PDF and see its extracted size and preview',
    async fn({ page, context, baseUrl, dbPath, expectNoConsoleErrors }) {
      await requireEndpoints(baseUrl, ['/api/admin/rag-docs/UBER']);
      if (!process.env.MARKET_DATA_DIR) throw new Skip('MARKET_DATA_DIR is not set');
      await signInAdmin({ context, baseUrl, dbPath });
      await page.goto(`${baseUrl}/admin`);
      const card = page.locator('section', { has: page.getByRole('heading', { name: 'RAG Document Management' }) });
      await card.waitFor();

      // UBER has no notes: the admin creates them (the upload takes any valid ticker, and offers
      // the stocks with notes as suggestions).
      await page.getByRole('textbox', { name: 'Stock Symbol' }).fill('UBER');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByText('Stock created').waitFor();
      await card.getByLabel('Document stock symbol').fill('UBER');
      await card.getByLabel('Filing Date (optional)').fill('2022-02-24');
      const pdf = path.join(process.env.MARKET_DATA_DIR, 'documents/pdf/uber_2021.pdf');
      await card.getByLabel('Files').setInputFiles(pdf);
      await card.getByRole('button', { name: 'Upload Documents' }).click();
      await page.getByText('Upload Complete').waitFor();

      const row = card.getByRole('row', { name: /uber_2021\.pdf/ });
      await row.getByText(/^UNITED STATES/).waitFor({ timeout: EXTRACTION_TIMEOUT });
      // 1,880,483 bytes uploaded; the extracted text is read from the stored size.
      await row.getByText('1,836.4 KB').waitFor();
      const cells = await row.getByRole('cell').allTextContents();
      const extracted = Number(cells[4].replace(/[^0-9.]/g, ''));
      assert.ok(extracted > 500, `extracted ${cells[4]}`);
      assert.equal(cells[5], 'Feb 24, 2022');
      expectNoConsoleErrors();
    },
  },
];
