import { useId, useState } from 'react';

import { QuestionIcon } from '@/components/ui/question-icon';
import { PERSONA_NAME } from '@/config/constants';
import type { StockNotes } from '@/types/analysis';
import { shortDate } from '@/utils/format';
import { stripQuotes } from '@/utils/notes-text';

import { useStockNotes } from '../api/get-stock-notes';

/** The up-to-14 answers drawn from the 10-K, in reading order. */
export const NOTE_FIELDS: ReadonlyArray<[keyof StockNotes, string]> = [
  ['companyOverview', 'Company Overview'],
  ['revenueStreams', 'Revenue Streams'],
  ['marketGrowth', 'Market Growth'],
  ['riskFactors', 'Risk Factors'],
  ['financialPerformance', 'Financial Performance'],
  ['debtObligations', 'Debt Obligations'],
  ['covenants', 'Covenants'],
  ['managementDiscussion', 'Management Discussion'],
  ['keyPerformance', 'Key Performance'],
  ['competitiveLandscape', 'Competitive Landscape'],
  ['futureOutlook', 'Future Outlook'],
  ['legalProceedings', 'Legal Proceedings'],
  ['supplierPower', 'Supplier Power'],
  ['overallAssessment', 'Overall Assessment'],
];

/**
 * Bubba's Notes (spec 000 "Stock detail page"): collapsible; loading, loaded
 * (only when the notes are for this symbol) or a 'coming soon' placeholder.
 * Failures are only logged, as the spec says.
 */
export function NotesSection({ ticker }: { ticker: string }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { data, error, isLoading } = useStockNotes(ticker);
  const loaded = data && data.symbol?.toUpperCase() === ticker.toUpperCase() ? data : null;
  // Stored sections are wrapped in double quotes (spec 001 section 3): an empty one is '""'.
  const fields = loaded
    ? NOTE_FIELDS.filter(([key]) => typeof loaded[key] === 'string' && stripQuotes(String(loaded[key])).trim())
    : [];
  const tenKDate = loaded?.tenKDate ?? null;

  if (error) console.warn(`Notes for ${ticker} failed to load`, error);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-amber-200 bg-white shadow-sm">
      <h2 id={`${id}-title`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 rounded-2xl px-4 py-3 text-left font-serif text-xl font-bold text-amber-900 hover:bg-amber-50"
        >
          <span className="flex items-center gap-2">
            <QuestionIcon number="notes" className="size-6" />
            {PERSONA_NAME}'s Notes from the annual report
          </span>
          <span aria-hidden="true" className={`text-base transition-transform ${open ? 'rotate-180' : ''}`}>
            ▾
          </span>
        </button>
      </h2>
      {open ? (
        <div id={`${id}-body`} className="px-4 pb-4" data-testid="notes-body">
          {isLoading ? (
            <div role="status" aria-label="Loading notes" className="space-y-2">
              {Array.from({ length: 4 }, (_, i) => (
                <div key={i} className="h-5 animate-pulse rounded bg-amber-100" />
              ))}
            </div>
          ) : fields.length > 0 ? (
            <>
              {tenKDate ? <p className="mb-3 text-sm text-stone-500">From the 10-K dated {shortDate(tenKDate)}.</p> : null}
              <dl className="space-y-4">
                {fields.map(([key, label]) => (
                  <div key={key}>
                    <dt className="font-semibold text-stone-900">{label}</dt>
                    <dd className="mt-1 whitespace-pre-line text-stone-700">{stripQuotes(String(loaded?.[key]))}</dd>
                  </div>
                ))}
              </dl>
            </>
          ) : (
            <p className="text-stone-600">
              Notes coming soon. I'm still working through this company's annual report with a highlighter and a pot of
              coffee. Check back in a while.
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}
