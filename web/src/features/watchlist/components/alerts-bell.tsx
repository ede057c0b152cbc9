import { useState } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

import { markAlertsRead, useAlerts } from '../api/alerts';

/**
 * The header's bell (signed-in users): the unread count, and on click the newest alerts with
 * their reasons and a "Mark all read".
 */
export function AlertsBell() {
  const { data, mutate } = useAlerts();
  const [open, setOpen] = useState(false);
  const unread = data?.unread ?? 0;

  const markAll = async () => {
    try {
      await markAlertsRead();
      await mutate();
    } catch (error) {
      toast({ title: userMessage(error, "I couldn't mark those just now."), variant: 'destructive' });
    }
  };

  return (
    <div className="relative">
      <button
        type="button"
        aria-label={unread > 0 ? `Alerts, ${unread} unread` : 'Alerts'}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="relative rounded-lg p-2 text-amber-900 hover:bg-amber-100"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10 21h4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {unread > 0 ? (
          <span data-testid="alerts-unread" className="absolute -top-0.5 -right-0.5 rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
            {unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          role="region"
          aria-label="Your alerts"
          className="absolute right-0 z-40 mt-2 w-80 max-w-[90vw] rounded-xl border border-amber-200 bg-white p-3 shadow-lg"
        >
          <div className="flex items-center justify-between">
            <h2 className="font-serif font-bold text-amber-900">Alerts</h2>
            {unread > 0 ? (
              <button type="button" className="text-sm text-amber-900 underline" onClick={() => void markAll()}>
                Mark all read
              </button>
            ) : null}
          </div>
          {!data || data.alerts.length === 0 ? (
            <p className="mt-2 text-sm text-stone-700">Quiet on the porch. Nothing on your list has moved enough to mention.</p>
          ) : (
            <ul className="mt-2 max-h-96 space-y-2 overflow-y-auto">
              {data.alerts.map((alert) => (
                <li key={alert.id} className={`rounded-lg p-2 text-sm ${alert.read ? 'bg-white' : 'bg-amber-50'}`}>
                  <Link to={paths.stock.getHref(alert.symbol)} className="font-semibold text-amber-900 underline" onClick={() => setOpen(false)}>
                    {alert.symbol}
                  </Link>{' '}
                  <span>
                    {alert.previousScore ?? 'n/a'} → {alert.currentScore ?? 'n/a'}
                    {alert.previousBand && alert.currentBand && alert.previousBand !== alert.currentBand
                      ? ` (${alert.previousBand} → ${alert.currentBand})`
                      : ''}
                  </span>
                  <p className="text-stone-700">{alert.reason}</p>
                </li>
              ))}
            </ul>
          )}
          <Link to={paths.myStocks.getHref()} className="mt-2 block text-sm text-amber-900 underline" onClick={() => setOpen(false)}>
            See my stocks
          </Link>
        </div>
      ) : null}
    </div>
  );
}
