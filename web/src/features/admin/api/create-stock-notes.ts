import { api } from '@/lib/api-client';
import type { NotesCreatedOut } from '@/types/api';

/** POST /api/admin/stock-analysis {symbol}: an empty notes record; answers the stored symbol. */
export const createStockNotes = (symbol: string) =>
  api.post<NotesCreatedOut>('/api/admin/stock-analysis', { symbol });
