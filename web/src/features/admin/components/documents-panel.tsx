import { type FormEvent, useEffect, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { userMessage } from '@/lib/api-client';
import { watchJob } from '@/lib/job-watch';
import { toast } from '@/lib/toast';
import type { RagDocument } from '@/types/api';
import { shortDate } from '@/utils/format';
import { parseTicker } from '@/utils/ticker';

import { deleteRagDocument, uploadRagDocuments, useRagDocuments } from '../api/rag-documents';
import { ACCEPTED_FILES, kilobytes } from '../utils/document-sizes';

type DocumentsPanelProps = { symbols: string[]; selected: string | null };

/**
 * RAG Document Management (spec 001 section 2, `/admin`): upload filings for a stock (with an
 * optional filing date) so the chat can quote them, see each file's extracted size and
 * preview as the server's extraction job finishes, and delete one.
 */
export function DocumentsPanel({ symbols, selected }: DocumentsPanelProps) {
  const id = useId();
  // Any valid ticker, typed (a filing can come before the notes); the notes' selection until then.
  const [typed, setTyped] = useState<string | null>(null);
  const entry = typed ?? selected ?? '';
  const parsed = parseTicker(entry);
  const symbol = parsed.ok ? parsed.symbol : null;
  // The list follows the field once typing pauses, not every keystroke.
  const listed = useDebouncedValue(symbol, typed === null ? 0 : 400);
  const [filingDate, setFilingDate] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [followed, setFollowed] = useState(0);
  const { documents, mutate } = useRagDocuments(listed, { followingJobs: followed > 0 });
  // Following the extraction jobs stops when the panel goes away.
  const following = useRef(new AbortController());
  useEffect(() => {
    const controller = new AbortController();
    following.current = controller;
    return () => controller.abort();
  }, []);

  /** Re-reads the list as each upload's extraction job ends. */
  const followExtraction = (jobIds: string[]) => {
    const signal = following.current.signal;
    setFollowed((n) => n + jobIds.length);
    for (const jobId of jobIds) {
      watchJob(jobId, { onUpdate: () => undefined, signal })
        .then(() => mutate())
        .catch(() => (signal.aborted ? undefined : mutate()))
        .finally(() => {
          if (!signal.aborted) setFollowed((n) => n - 1);
        });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!entry.trim()) return setError('Please select a stock symbol first');
    if (!parsed.ok || !symbol) return setError(parsed.ok ? 'Please select a stock symbol first' : parsed.error);
    if (!files.length) return setError('Please select files to upload first');
    setError(null);
    setBusy(true);
    try {
      const uploaded = await uploadRagDocuments(symbol, files, filingDate);
      const count = uploaded.documents.length;
      toast({
        title: 'Upload Complete',
        description: `${count} ${count === 1 ? 'file' : 'files'} for ${uploaded.symbol}: Bubba's reading them now.`,
      });
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
      void mutate();
      followExtraction(uploaded.documents.map((d) => d.jobId));
    } catch (err) {
      toast({ title: 'Upload failed', description: userMessage(err, 'Please try again'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (doc: RagDocument) => {
    if (!window.confirm(`Delete ${doc.fileName}? The chat will stop quoting it.`)) return;
    try {
      await deleteRagDocument(doc.id);
      toast({ title: 'Document Deleted', description: `${doc.fileName} is gone.` });
      void mutate(documents.filter((d) => d.id !== doc.id), { revalidate: true });
    } catch (err) {
      toast({ title: 'Delete failed', description: userMessage(err, 'Please try again'), variant: 'destructive' });
    }
  };

  return (
    <Card>
      <h2 className="font-serif text-xl font-bold text-amber-900">RAG Document Management</h2>
      <p className="mt-1 text-sm text-stone-600">
        Filings the chat can quote: PDF, text, HTML or XML, up to 25 MB a file.
      </p>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-3 md:grid-cols-3">
        <div>
          <label htmlFor={`${id}-symbol`} className="mb-1 block text-sm font-semibold text-stone-800">
            Document stock symbol
          </label>
          <input
            id={`${id}-symbol`}
            value={entry}
            onChange={(e) => setTyped(e.target.value.toUpperCase())}
            list={`${id}-symbols`}
            placeholder="Any ticker, e.g. MSFT"
            autoComplete="off"
            spellCheck={false}
            maxLength={10}
            className="w-full rounded-lg border border-stone-300 px-3 py-2 uppercase"
          />
          {/* Suggestions only: stocks with notes; any other valid ticker is fine too. */}
          <datalist id={`${id}-symbols`}>
            {symbols.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        </div>
        <div>
          <label htmlFor={`${id}-date`} className="mb-1 block text-sm font-semibold text-stone-800">
            Filing Date (optional)
          </label>
          <input
            id={`${id}-date`}
            type="date"
            value={filingDate}
            onChange={(e) => setFilingDate(e.target.value)}
            className="w-full rounded-lg border border-stone-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor={`${id}-files`} className="mb-1 block text-sm font-semibold text-stone-800">
            Files
          </label>
          <input
            id={`${id}-files`}
            ref={fileInput}
            type="file"
            multiple
            accept={ACCEPTED_FILES}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            className="w-full text-sm"
          />
        </div>
        <div className="md:col-span-3 flex items-center gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? 'Uploading...' : 'Upload Documents'}
          </Button>
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      </form>
      {listed ? <DocumentTable symbol={listed} documents={documents} onDelete={(d) => void remove(d)} /> : null}
    </Card>
  );
}

type DocumentTableProps = { symbol: string; documents: RagDocument[]; onDelete: (doc: RagDocument) => void };

function DocumentTable({ symbol, documents, onDelete }: DocumentTableProps) {
  if (!documents.length) return <p className="mt-4 text-sm text-stone-600">No documents for {symbol} yet.</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={`Documents for ${symbol}`}>
        <thead className="text-stone-600">
          <tr>
            <th className="py-1 pr-3">File Name</th>
            <th className="py-1 pr-3">Type</th>
            <th className="py-1 pr-3">Uploaded</th>
            <th className="py-1 pr-3">Original</th>
            <th className="py-1 pr-3">Extracted</th>
            <th className="py-1 pr-3">Filing Date</th>
            <th className="py-1 pr-3">Preview</th>
            <th className="py-1" />
          </tr>
        </thead>
        <tbody>
          {documents.map((doc) => (
            <tr key={doc.id} className="border-t border-stone-200 align-top">
              <td className="max-w-[16rem] py-2 pr-3 font-semibold">
                {/* One line, cut with an ellipsis; the full name on hover. */}
                <span className="block truncate" title={doc.fileName}>
                  {doc.fileName}
                </span>
              </td>
              <td className="py-2 pr-3 uppercase">{doc.fileType ?? ''}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{shortDate(doc.uploadedAt)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{kilobytes(doc.originalSize)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{kilobytes(doc.extractedSize)}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{doc.filingDate ? shortDate(doc.filingDate) : '—'}</td>
              <td className="py-2 pr-3 text-stone-700">
                <DocumentStatus doc={doc} />
              </td>
              <td className="py-2">
                <Button variant="ghost" onClick={() => onDelete(doc)} aria-label={`Delete ${doc.fileName}`}>
                  Delete
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The preview once the text is in; until then where the extraction stands. */
function DocumentStatus({ doc }: { doc: RagDocument }) {
  if (doc.status === 'extracting') return <span className="italic">Extracting text...</span>;
  if (doc.status === 'failed') {
    return <span className="text-red-700">Extraction failed: {doc.failure ?? 'no reason given'}</span>;
  }
  return <span className="line-clamp-3">{doc.contentPreview}</span>;
}
