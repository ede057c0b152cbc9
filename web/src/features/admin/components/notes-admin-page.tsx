import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';

import type { TenKDraft } from '../api/auto-analyze-10k';
import { useAdminNotes } from '../api/get-admin-notes';
import { useStockSymbols } from '../api/get-stock-symbols';
import { AutoAnalyzeButton } from './auto-analyze-button';
import { BulkEditor, notesAsText } from './bulk-editor';
import { CreateStockCard } from './create-stock-card';
import { DocumentsPanel } from './documents-panel';
import { NotesEditor } from './notes-editor';
import { StockSelector } from './stock-selector';

/** `/admin` (spec 001 section 2): create a stock's notes, pick one, edit field by field or in bulk. */
export function NotesAdminPage() {
  const { symbols, mutate: reloadSymbols } = useStockSymbols();
  const [selected, setSelected] = useState<string | null>(null);
  const { notes, isLoading, mutate: reloadNotes } = useAdminNotes(selected);
  const [bulkOpen, setBulkOpen] = useState(false);
  // Bumped after a bulk save so the per-field drafts start again from what was stored.
  const [version, setVersion] = useState(0);
  // The 10-K auto-analysis draft: it opens the bulk editor and is saved only by Update All Sections.
  const [draft, setDraft] = useState<TenKDraft | null>(null);
  // Bumped for each new draft so the bulk editor starts again from it.
  const [drafts, setDrafts] = useState(0);

  const select = (symbol: string) => {
    setSelected(symbol);
    setBulkOpen(false);
    setDraft(null);
  };

  return (
    <div className="space-y-6">
      <PageTitle title="Stock Analysis Admin" subtitle="Bubba's notes from each company's 10-K." />
      <div className="grid gap-6 md:grid-cols-2">
        <CreateStockCard
          onCreated={(symbol) => {
            void reloadSymbols();
            select(symbol);
          }}
        />
        <StockSelector symbols={symbols} selected={selected} onSelect={select} />
      </div>
      {selected && isLoading ? <Spinner label={`Loading ${selected}`} /> : null}
      {selected && notes && notes.symbol === selected ? (
        <>
          <div className="flex flex-wrap items-start gap-3">
            <Button variant="outline" aria-expanded={bulkOpen} onClick={() => setBulkOpen((o) => !o)}>
              {bulkOpen ? 'Close Bulk Editor' : 'Bulk Editor'}
            </Button>
            <AutoAnalyzeButton
              symbol={selected}
              onDraft={(found) => {
                setDraft(found);
                setDrafts((n) => n + 1);
                setBulkOpen(true);
              }}
            />
          </div>
          {bulkOpen && draft ? (
            <p role="note" className="text-sm text-stone-700">
              {`Draft from ${draft.source}.`} {draft.note ? `${draft.note} ` : ''}
              Review it, then Update All Sections to save.
            </p>
          ) : null}
          {bulkOpen ? (
            <BulkEditor
              key={`${selected}-${draft ? drafts : 'stored'}`}
              symbol={selected}
              initialText={draft?.rawAnalysis ?? notesAsText(notes)}
              onSaved={() => {
                setBulkOpen(false);
                setDraft(null);
                setVersion((v) => v + 1);
                void reloadNotes();
              }}
            />
          ) : null}
          <NotesEditor
            key={`${selected}-${version}-${notes.tenKDate ?? ''}`}
            notes={notes}
            onSaved={(saved) => void reloadNotes(saved, { revalidate: false })}
          />
        </>
      ) : null}
      <DocumentsPanel symbols={symbols} selected={selected} />
    </div>
  );
}
