import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderRoute } from '@/app/testing/render-route';
import { type FakeApi, calledUrls, signedIn, stubFetch } from '@/testing/fake-api';
import type { RagDocument } from '@/types/api';

const uberPdf: RagDocument = {
  id: 7,
  fileName: 'uber_2021.pdf',
  fileType: 'pdf',
  uploadedAt: '2026-11-23T08:00:00Z',
  filingDate: '2022-02-24',
  // The snapshot's Uber FY2021 10-K and what its text came to.
  originalSize: 1_880_483,
  extractedSize: 1_126_400,
  contentPreview: 'UNITED STATES SECURITIES AND EXCHANGE COMMISSION Washington, D.C. 20549 FORM 10-K',
  status: 'ready',
  failure: null,
};
const broken: RagDocument = {
  ...uberPdf,
  id: 8,
  fileName: 'scan.pdf',
  filingDate: null,
  extractedSize: null,
  contentPreview: null,
  status: 'failed',
  failure: 'No readable text was found in this file (a scanned PDF needs OCR first).',
};

/** The admin calls the page makes, with the documents of UBER held in memory. */
function fakeServer(docs: RagDocument[]) {
  const uploads: FormData[] = [];
  const api: FakeApi = {
    ...signedIn({ username: 'admin@example.com', isAdmin: true }),
    '/api/admin/stock-symbols': { status: 200, body: ['UBER'] },
    '/api/admin/rag-docs/UBER': { status: 200, body: docs },
    '/api/admin/upload-rag/UBER': (_url, init) => {
      const form = init?.body as FormData;
      uploads.push(form);
      const files = form.getAll('file') as File[];
      if (files.some((f) => f.name.endsWith('.png'))) {
        const error = 'chart.png is not a PDF, text, HTML or XML file (judged by its content, not its name).';
        return { status: 415, body: { error, message: error } };
      }
      return {
        status: 201,
        body: { symbol: 'UBER', documents: files.map((f, i) => ({ id: 20 + i, fileName: f.name, fileType: 'txt', originalSize: f.size, jobId: `j${i}` })) },
      };
    },
    '/api/admin/rag-docs/7': (_url, init) =>
      init?.method === 'DELETE' ? { status: 200, body: { id: 7 } } : { status: 405, body: '' },
  };
  return { api, uploads };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const panel = async () => {
  const heading = await screen.findByRole('heading', { name: 'RAG Document Management' });
  return heading.closest('section')!;
};

const chooseUber = async (card: HTMLElement) => {
  fireEvent.change(within(card).getByLabelText('Document stock symbol'), { target: { value: 'uber' } });
};

describe('/admin documents', () => {
  it('lists each document with sizes in KB, filing date, preview or the stored failure', async () => {
    stubFetch(fakeServer([uberPdf, broken]).api);
    renderRoute('/admin');
    const card = await panel();
    await chooseUber(card);
    const table = await within(card).findByRole('table', { name: 'Documents for UBER' });
    const row = within(table).getByText('uber_2021.pdf').closest('tr')!;
    expect(within(row).getByText('1,836.4 KB')).toBeInTheDocument();
    expect(within(row).getByText('1,100.0 KB')).toBeInTheDocument();
    expect(within(row).getByText('Feb 24, 2022')).toBeInTheDocument();
    expect(within(row).getByText(/^UNITED STATES SECURITIES/)).toBeInTheDocument();
    const failed = within(table).getByText('scan.pdf').closest('tr')!;
    expect(within(failed).getByText(/Extraction failed: No readable text was found/)).toBeInTheDocument();
  });

  it('asks for a symbol and files first, then uploads with the filing date', async () => {
    const { api, uploads } = fakeServer([]);
    stubFetch(api);
    renderRoute('/admin');
    const card = await panel();
    fireEvent.click(within(card).getByRole('button', { name: 'Upload Documents' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Please select a stock symbol first');
    await chooseUber(card);
    fireEvent.click(within(card).getByRole('button', { name: 'Upload Documents' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Please select files to upload first');
    expect(uploads).toHaveLength(0);

    fireEvent.change(within(card).getByLabelText('Filing Date (optional)'), { target: { value: '2022-02-24' } });
    const file = new File(['Mobility recovered in 2021.'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(within(card).getByLabelText('Files'), { target: { files: [file] } });
    fireEvent.click(within(card).getByRole('button', { name: 'Upload Documents' }));
    expect(await screen.findByText('Upload Complete')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.get('filingDate')).toBe('2022-02-24');
    expect((uploads[0]!.getAll('file') as File[]).map((f) => f.name)).toEqual(['notes.txt']);
  });

  it("shows the server's error text when an upload is refused", async () => {
    stubFetch(fakeServer([]).api);
    renderRoute('/admin');
    const card = await panel();
    await chooseUber(card);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chart.png');
    fireEvent.change(within(card).getByLabelText('Files'), { target: { files: [png] } });
    fireEvent.click(within(card).getByRole('button', { name: 'Upload Documents' }));
    expect(await screen.findByText('Upload failed')).toBeInTheDocument();
    expect(screen.getByText(/chart.png is not a PDF, text, HTML or XML file/)).toBeInTheDocument();
  });

  it('deletes a document after confirmation', async () => {
    const spy = stubFetch(fakeServer([uberPdf]).api);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderRoute('/admin');
    const card = await panel();
    await chooseUber(card);
    fireEvent.click(await within(card).findByRole('button', { name: 'Delete uber_2021.pdf' }));
    expect(await screen.findByText('Document Deleted')).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledWith('Delete uber_2021.pdf? The chat will stop quoting it.');
    expect(spy.mock.calls.some(([url, init]) => String(url).endsWith('/api/admin/rag-docs/7') && init?.method === 'DELETE')).toBe(true);
  });

  it("follows each upload's extraction job and shows the preview when it ends", async () => {
    const docs: RagDocument[] = [];
    const { api } = fakeServer(docs);
    const upload = api['/api/admin/upload-rag/UBER'] as (url: URL, init?: RequestInit) => { status: number; body?: unknown };
    let polls = 0;
    const spy = stubFetch({
      ...api,
      '/api/admin/rag-docs/UBER': () => ({ status: 200, body: docs }),
      '/api/admin/upload-rag/UBER': (url, init) => {
        docs.push({ ...uberPdf, id: 20, fileName: 'notes.txt', status: 'extracting', extractedSize: null, contentPreview: null });
        return upload(url, init);
      },
      '/api/jobs/j0': () => {
        const done = ++polls >= 2;
        if (done) docs[0] = { ...docs[0]!, status: 'ready', contentPreview: 'Mobility recovered in 2021.' };
        const status = done ? 'succeeded' : 'running';
        return { status: 200, body: { id: 'j0', queue: 'extract', status, attempts: 1, maxAttempts: 3, progress: null, error: null } };
      },
    });
    renderRoute('/admin');
    const card = await panel();
    await chooseUber(card);
    const file = new File(['Mobility recovered in 2021.'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(within(card).getByLabelText('Files'), { target: { files: [file] } });
    fireEvent.click(within(card).getByRole('button', { name: 'Upload Documents' }));
    expect(await within(card).findByText('Extracting text...')).toBeInTheDocument();
    expect(await within(card).findByText('Mobility recovered in 2021.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(calledUrls(spy)).toContain('/api/jobs/j0');
  });

  it('takes any valid ticker, not only stocks with notes, and refuses junk with the reason', async () => {
    const uploads: string[] = [];
    stubFetch({
      ...fakeServer([]).api,
      '/api/admin/rag-docs/MSFT': { status: 200, body: [] },
      '/api/admin/upload-rag/MSFT': () => {
        uploads.push('MSFT');
        return { status: 201, body: { symbol: 'MSFT', documents: [] } };
      },
    });
    renderRoute('/admin');
    const card = await panel();
    const field = within(card).getByLabelText('Document stock symbol');
    fireEvent.change(within(card).getByLabelText('Files'), { target: { files: [new File(['x'], 'msft.txt')] } });
    fireEvent.change(field, { target: { value: 'A B' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Upload Documents' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent("That doesn't look like a stock ticker.");
    fireEvent.change(field, { target: { value: 'msft' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Upload Documents' }));
    await waitFor(() => expect(uploads).toEqual(['MSFT']));
  });

  it('shows a long file name on one line with the whole name on hover', async () => {
    const long = { ...uberPdf, fileName: 'uber_technologies_annual_report_form_10-K_fiscal_year_2021_final_amended.pdf' };
    stubFetch(fakeServer([long]).api);
    renderRoute('/admin');
    const card = await panel();
    await chooseUber(card);
    const name = await within(card).findByText(long.fileName);
    expect(name).toHaveAttribute('title', long.fileName);
    expect(name).toHaveClass('truncate');
    expect(name.closest('td')).not.toHaveClass('break-all');
  });
});
