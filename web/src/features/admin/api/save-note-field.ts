import { api } from '@/lib/api-client';
import type { StockNotes } from '@/types/analysis';

import type { NoteFieldId } from '../utils/bulk-notes';

/**
 * PATCH /api/admin/stock-analysis/{symbol} {field, content}: saves one field and
 * answers the whole record. `content` is the stored form (sections already
 * quoted); null clears the field.
 */
export const saveNoteField = (symbol: string, field: NoteFieldId, content: string | null) =>
  api.patch<StockNotes>(`/api/admin/stock-analysis/${encodeURIComponent(symbol)}`, { field, content });
