import { useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { StockNotes } from '@/types/analysis';
import { stripQuotes, wrapQuotes } from '@/utils/notes-text';

import { saveNoteField } from '../api/save-note-field';
import {
  MESSAGES,
  type NoteFieldId,
  type ParsedNotes,
  SECTIONS,
  TEN_K_DATE_LABEL,
  bulkText,
  parseBulk,
  previewText,
} from '../utils/bulk-notes';

const LABELS: Record<NoteFieldId, string> = {
  tenKDate: TEN_K_DATE_LABEL,
  ...(Object.fromEntries(SECTIONS.map(({ id, label }) => [id, label])) as Record<Exclude<NoteFieldId, 'tenKDate'>, string>),
};

/** The stored notes as bulk-editor text (sections without their storage quotes). */
export function notesAsText(notes: StockNotes | null): string {
  if (!notes) return bulkText();
  const values: ParsedNotes = { tenKDate: notes.tenKDate ?? '' };
  for (const { id } of SECTIONS) values[id] = stripQuotes(notes[id] ?? '');
  return bulkText(values);
}

type BulkEditorProps = {
  symbol: string | null;
  initialText: string;
  onSaved: () => void;
};

/**
 * The bulk editor (spec 001 sections 2, 4, 5): '## Section' text, Copy Template,
 * Preview Parse, Update All Sections. Only parsed fields are saved; the rest stay.
 */
export function BulkEditor({ symbol, initialText, onSaved }: BulkEditorProps) {
  const [text, setText] = useState(initialText);
  const [parsed, setParsed] = useState<ParsedNotes | null>(null);
  const [status, setStatus] = useState<{ text: string; warning: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const preview = () => {
    const result = parseBulk(text);
    if (!result.ok) {
      setParsed(null);
      setStatus({ text: result.error, warning: true });
      return null;
    }
    setParsed(result.parsed);
    setStatus({ text: result.message, warning: result.warning !== null });
    return result.parsed;
  };

  const copyTemplate = async () => {
    try {
      await navigator.clipboard.writeText(bulkText());
      toast({ title: 'Template copied' });
    } catch {
      toast({ title: 'Copy Failed', description: 'Your browser did not allow copying.', variant: 'destructive' });
    }
  };

  const updateAll = async () => {
    if (!symbol) {
      toast({ title: 'Update failed', description: MESSAGES.noStock, variant: 'destructive' });
      return;
    }
    if (!parsed) {
      // Spec: with nothing parsed it parses first and asks for a look before saving.
      preview();
      toast({ title: 'Update failed', description: MESSAGES.previewFirst, variant: 'destructive' });
      return;
    }
    setSaving(true);
    try {
      for (const [field, value] of Object.entries(parsed) as Array<[NoteFieldId, string]>) {
        await saveNoteField(symbol, field, field === 'tenKDate' ? value : wrapQuotes(value));
      }
      toast({ title: 'Update successful', description: `All parsed sections saved for ${symbol}.` });
      setText('');
      setParsed(null);
      setStatus(null);
      onSaved();
    } catch (error) {
      toast({ title: 'Update failed', description: userMessage(error, 'Please try again'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card className="space-y-3">
      <h2 className="font-serif text-xl font-bold text-amber-900">Bulk Editor</h2>
      <label htmlFor={`${id}-text`} className="block text-sm font-semibold text-stone-800">
        All sections ('## Section Name' headers)
      </label>
      <textarea
        id={`${id}-text`}
        value={text}
        rows={18}
        onChange={(e) => {
          setText(e.target.value);
          setParsed(null);
        }}
        className="w-full rounded-lg border border-stone-300 px-3 py-2 font-mono text-sm"
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={copyTemplate}>
          Copy Template
        </Button>
        <Button variant="outline" onClick={preview}>
          Preview Parse
        </Button>
        <Button onClick={updateAll} disabled={saving}>
          {saving ? 'Updating...' : 'Update All Sections'}
        </Button>
      </div>
      {status ? (
        <p role="status" className={status.warning ? 'text-amber-800' : 'text-green-800'}>
          {status.text}
        </p>
      ) : null}
      {parsed ? (
        <ul aria-label="Parsed sections" className="space-y-2">
          {(Object.entries(parsed) as Array<[NoteFieldId, string]>).map(([field, value]) => (
            <li key={field} className="rounded-lg bg-amber-50 p-2 text-sm">
              <span className="font-semibold">{LABELS[field]}:</span> {previewText(value)}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
