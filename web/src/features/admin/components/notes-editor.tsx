import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TabList, tabPanelProps } from '@/components/ui/tabs';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { StockNotes } from '@/types/analysis';
import { stripQuotes, wrapQuotes } from '@/utils/notes-text';

import { saveNoteField } from '../api/save-note-field';
import { type NoteFieldId, SECTIONS, TEN_K_DATE_LABEL } from '../utils/bulk-notes';

const TABS: ReadonlyArray<{ value: NoteFieldId; label: string }> = [
  { value: 'tenKDate', label: TEN_K_DATE_LABEL },
  ...SECTIONS.map(({ id, label }) => ({ value: id, label })),
];

/** What the editor shows for a stored field: sections without their storage quotes. */
const shown = (notes: StockNotes, field: NoteFieldId) => {
  const value = notes[field];
  if (value == null) return '';
  return field === 'tenKDate' ? value : stripQuotes(value);
};

type NotesEditorProps = { notes: StockNotes; onSaved: (notes: StockNotes) => void };

/** One tab per field, each saved on its own (PATCH {field, content}). */
export function NotesEditor({ notes, onSaved }: NotesEditorProps) {
  const [tab, setTab] = useState<NoteFieldId>('tenKDate');
  const [drafts, setDrafts] = useState<Record<string, string>>(() =>
    Object.fromEntries(TABS.map(({ value }) => [value, shown(notes, value)])),
  );
  const [saving, setSaving] = useState(false);
  const base = useId();
  const label = TABS.find((t) => t.value === tab)?.label ?? '';
  const draft = drafts[tab] ?? '';

  const save = async () => {
    setSaving(true);
    try {
      // Sections are stored wrapped in double quotes; the date is not; empty clears.
      const content = draft.trim() ? (tab === 'tenKDate' ? draft.trim() : wrapQuotes(draft)) : null;
      onSaved(await saveNoteField(notes.symbol, tab, content));
      toast({ title: 'Update successful', description: `${label} saved for ${notes.symbol}.` });
    } catch (error) {
      toast({ title: 'Update failed', description: userMessage(error, 'Please try again'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="space-y-4">
      <h2 className="font-serif text-xl font-bold text-amber-900">Edit {notes.symbol}</h2>
      <TabList tabs={TABS} value={tab} onChange={setTab} label="Notes fields" idBase={base} wrap />
      <div {...tabPanelProps(base, tab)} className="space-y-3">
        <label htmlFor={tab} className="block text-sm font-semibold text-stone-800">
          {label}
        </label>
        {tab === 'tenKDate' ? (
          <input
            id="tenKDate"
            type="date"
            value={draft}
            onChange={(e) => setDrafts((d) => ({ ...d, tenKDate: e.target.value }))}
            className="rounded-lg border border-stone-300 px-3 py-2"
          />
        ) : (
          <textarea
            id={tab}
            value={draft}
            rows={10}
            onChange={(e) => setDrafts((d) => ({ ...d, [tab]: e.target.value }))}
            className="w-full rounded-lg border border-stone-300 px-3 py-2"
          />
        )}
        <Button onClick={save} disabled={saving}>
          {saving ? 'Saving...' : `Save ${label}`}
        </Button>
      </div>
    </Card>
  );
}
