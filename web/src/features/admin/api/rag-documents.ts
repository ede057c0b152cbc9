import useSWR from 'swr';

import { api } from '@/lib/api-client';
import type { RagDocument, UploadOut } from '@/types/api';

/** GET /api/admin/rag-docs/{symbol}: the stock's documents, newest first (spec 001 section 7). */
export const ragDocumentsKey = (symbol: string) => `/api/admin/rag-docs/${encodeURIComponent(symbol)}`;

/**
 * How often the list is re-read while a document is extracting and the page follows none of the
 * extraction jobs (a document uploaded elsewhere: the list does not carry its job id). Uploads
 * made here are followed with `watchJob` instead.
 */
export const EXTRACTING_REFRESH_MS = 1500;

export function useRagDocuments(symbol: string | null, { followingJobs = false } = {}) {
  const { data, error, isLoading, mutate } = useSWR<RagDocument[]>(
    symbol ? ragDocumentsKey(symbol) : null,
    (url: string) => api.get<RagDocument[]>(url),
    {
      refreshInterval: (docs) => (!followingJobs && docs?.some((d) => d.status === 'extracting') ? EXTRACTING_REFRESH_MS : 0),
      // Loading failures of lists are only logged (spec 001 section 8).
      onError: (err: unknown) => console.error('Could not load the documents', err),
    },
  );
  return { documents: data ?? [], error: error as Error | undefined, isLoading, mutate };
}

/**
 * POST /api/admin/upload-rag/{symbol}: multipart with repeated `file` and an optional
 * `filingDate`; each file's text is extracted by a job on the server.
 */
export function uploadRagDocuments(symbol: string, files: File[], filingDate: string) {
  const form = new FormData();
  if (filingDate) form.append('filingDate', filingDate);
  for (const file of files) form.append('file', file, file.name);
  return api.post<UploadOut>(`/api/admin/upload-rag/${encodeURIComponent(symbol)}`, form);
}

/** DELETE /api/admin/rag-docs/{id}: the document and the chat's chunks of it. */
export const deleteRagDocument = (id: number) => api.delete<{ id: number }>(`/api/admin/rag-docs/${id}`);
