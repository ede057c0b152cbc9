import { type FormEvent, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { createStockNotes } from '../api/create-stock-notes';

/** Creates a stock's (empty) notes from a symbol: trimmed, upper-cased, required (spec 001 section 5). */
export function CreateStockCard({ onCreated }: { onCreated: (symbol: string) => void }) {
  const [symbol, setSymbol] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = symbol.trim().toUpperCase();
    if (!clean) {
      setError('Please enter a stock symbol');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const created = await createStockNotes(clean);
      toast({ title: 'Stock created', description: `${created.symbol} is ready for notes.` });
      setSymbol('');
      onCreated(created.symbol);
    } catch (err) {
      toast({ title: 'Creation failed', description: userMessage(err, 'Please try again'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <h2 className="font-serif text-xl font-bold text-amber-900">Create New Stock Analysis</h2>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-wrap items-end gap-3">
        <Field
          label="Stock Symbol"
          value={symbol}
          maxLength={10}
          onChange={(e) => setSymbol(e.target.value.toUpperCase())}
          error={error}
          placeholder="e.g. NVDA"
          className="min-w-48 flex-1"
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Creating...' : 'Create'}
        </Button>
      </form>
    </Card>
  );
}
