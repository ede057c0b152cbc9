import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';

import { useAdminNotes } from '../api/get-admin-notes';
import { useStockSymbols } from '../api/get-stock-symbols';
import { BulkEditor, notesAsText } from './bulk-editor';
import { CreateStockCard } from './create-stock-card';
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

  const select = (symbol: string) => {
    setSelected(symbol);
    setBulkOpen(false);
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
          <Button variant="outline" aria-expanded={bulkOpen} onClick={() => setBulkOpen((o) => !o)}>
            {bulkOpen ? 'Close Bulk Editor' : 'Bulk Editor'}
          </Button>
          {bulkOpen ? (
            <BulkEditor
              key={selected}
              symbol={selected}
              initialText={notesAsText(notes)}
              onSaved={() => {
                setBulkOpen(false);
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
    </div>
  );
}
