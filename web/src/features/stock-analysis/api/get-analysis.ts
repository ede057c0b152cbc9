import { api } from '@/lib/api-client';
import type { AnalysisRecord, AnalyzeQueued, AnalyzeReady, QuestionPeers } from '@/types/analysis';


/**
 * GET /api/analyze-stock/{ticker}?wait=0 (the x-session-id header rides along
 * for anonymous visitors, see lib/api-client). 200 carries the record; 202
 * carries the id of the job that is computing it.
 */
export const analysisUrl = (ticker: string) => `/api/analyze-stock/${encodeURIComponent(ticker)}?wait=0`;

export type AnalyzeOutcome =
  | { kind: 'ready'; record: AnalysisRecord; text: string; peers: QuestionPeers[] }
  | { kind: 'queued'; jobId: string };

export async function getAnalysis(ticker: string, signal?: AbortSignal): Promise<AnalyzeOutcome> {
  const body = await api.get<AnalyzeReady | AnalyzeQueued>(analysisUrl(ticker), { signal });
  if (body && body.success && 'record' in body && body.record) {
    return { kind: 'ready', record: body.record, text: body.data, peers: body.peers ?? [] };
  }
  if (body && body.jobId) return { kind: 'queued', jobId: body.jobId };
  throw new SyntaxError(body?.message || 'the answer had neither a record nor a job');
}
