import { useState } from 'react';

import { buttonClass } from '@/components/ui/button';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { unwatchStock, useWatchlist, watchStock } from '../api/watchlist';

type WatchButtonProps = { symbol: string };

/**
 * The stock page's Watch button (signed-in users only: the route renders it for them). Its
 * state is the "My stocks" list, so both pages agree; a refusal (the 50-stock limit) is shown
 * in Bubba's words from the server.
 */
export function WatchButton({ symbol }: WatchButtonProps) {
  const { data, mutate } = useWatchlist();
  const [busy, setBusy] = useState(false);
  const watching = Boolean(data?.stocks.some((s) => s.symbol === symbol));

  const toggle = async () => {
    setBusy(true);
    try {
      if (watching) {
        await unwatchStock(symbol);
        toast({ title: `${symbol} is off your list.` });
      } else {
        await watchStock(symbol);
        toast({ title: `Watching ${symbol}. I'll holler when its score moves.` });
      }
      await mutate();
    } catch (error) {
      toast({ title: userMessage(error, "I couldn't change your list just now."), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={buttonClass(watching ? 'primary' : 'outline')}
      aria-pressed={watching}
      disabled={busy || !data}
      onClick={() => void toggle()}
    >
      {watching ? 'Watching' : 'Watch'}
    </button>
  );
}
