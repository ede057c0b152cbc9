import type { StockNotes } from '@/types/analysis';

/** A notes field the editor saves: the 10-K date or one of the 14 sections. */
export type NoteFieldId = Exclude<keyof StockNotes, 'symbol'>;
export type SectionId = Exclude<NoteFieldId, 'tenKDate'>;

/** The 14 sections, labels and ids in the editor's order (spec 001 section 2). */
export const SECTIONS: ReadonlyArray<{ id: SectionId; label: string }> = [
  { id: 'companyOverview', label: 'Company Overview' },
  { id: 'revenueStreams', label: 'Revenue Streams' },
  { id: 'marketGrowth', label: 'Market Growth' },
  { id: 'riskFactors', label: 'Risk Factors' },
  { id: 'financialPerformance', label: 'Financial Performance' },
  { id: 'supplierPower', label: 'Supplier Power' },
  { id: 'debtObligations', label: 'Debt Obligations' },
  { id: 'covenants', label: 'Covenants' },
  { id: 'managementDiscussion', label: 'Management Discussion' },
  { id: 'keyPerformance', label: 'Key Performance' },
  { id: 'competitiveLandscape', label: 'Competitive Landscape' },
  { id: 'futureOutlook', label: 'Future Outlook' },
  { id: 'legalProceedings', label: 'Legal Proceedings' },
  { id: 'overallAssessment', label: 'Overall Assessment' },
];

export const TEN_K_DATE_LABEL = '10K Date';
export const PREVIEW_LIMIT = 100;

export const MESSAGES = {
  empty: 'Please enter content to parse',
  allParsed: 'All sections were parsed successfully!',
  noStock: 'Please select a stock symbol first',
  previewFirst: 'Please preview the content first and then update',
} as const;

/** What Preview Parse found: field id -> text (without storage quotes). */
export type ParsedNotes = Partial<Record<NoteFieldId, string>>;

export type ParseResult =
  | { ok: false; error: string }
  | { ok: true; parsed: ParsedNotes; warning: string | null; message: string };

const LABELS: ReadonlyArray<{ id: NoteFieldId; label: string }> = [
  { id: 'tenKDate', label: TEN_K_DATE_LABEL },
  ...SECTIONS,
];

/** The bulk editor's text for `values` (Copy Template uses empty values). */
export function bulkText(values: ParsedNotes = {}): string {
  return LABELS.map(({ id, label }) => `## ${label}\n${values[id] ?? ''}`).join('\n\n') + '\n';
}

/**
 * Preview Parse (spec 001 section 5): a section starts at a line beginning
 * '## '; its header is matched to a label case-insensitively; its text runs to
 * the next header, trimmed. Unknown headers end the previous section and are
 * skipped; a repeated header keeps the last non-empty text.
 */
export function parseBulk(text: string): ParseResult {
  if (!text.trim()) return { ok: false, error: MESSAGES.empty };
  const byLabel = new Map(LABELS.map(({ id, label }) => [label.toLowerCase(), id]));
  const parsed: ParsedNotes = {};
  let current: NoteFieldId | null = null;
  let lines: string[] = [];
  const flush = () => {
    const body = lines.join('\n').trim();
    if (current && body) parsed[current] = current === 'tenKDate' ? (body.split('\n')[0] ?? '').trim() : body;
    lines = [];
  };
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('## ')) {
      flush();
      current = byLabel.get(line.slice(3).trim().toLowerCase()) ?? null;
    } else if (current) {
      lines.push(line);
    }
  }
  flush();

  const missing = SECTIONS.filter(({ id }) => !parsed[id]).map(({ label }) => label);
  const noDate = !parsed.tenKDate;
  const warning =
    noDate && missing.length
      ? `Missing 10K Date and sections: ${missing.join(', ')}`
      : noDate
        ? '10K Date field is missing or empty'
        : missing.length
          ? `The following sections were not found or empty: ${missing.join(', ')}`
          : null;
  return { ok: true, parsed, warning, message: warning ?? MESSAGES.allParsed };
}

/** The preview of a parsed section: at most 100 characters, then an ellipsis. */
export function previewText(text: string): string {
  return text.length > PREVIEW_LIMIT ? `${text.slice(0, PREVIEW_LIMIT)}...` : text;
}
