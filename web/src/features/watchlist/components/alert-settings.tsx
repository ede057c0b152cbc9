import { useState } from 'react';

import { buttonClass } from '@/components/ui/button';
import { userMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { AlertSettings as Settings } from '@/types/api';

import { saveAlertSettings, useAlertSettings } from '../api/alerts';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The account page's alert choices: alerts on/off, the weekly digest and its day. */
export function AlertSettingsForm() {
  const { data, mutate } = useAlertSettings();
  const [draft, setDraft] = useState<Settings | null>(null);
  const [saving, setSaving] = useState(false);
  const current = draft ?? data;
  if (!current) return null;

  const save = async () => {
    setSaving(true);
    try {
      const saved = await saveAlertSettings(current);
      await mutate(saved, { revalidate: false });
      setDraft(null);
      toast({ title: 'Saved. Your alerts are set the way you like them.' });
    } catch (error) {
      toast({ title: userMessage(error, "I couldn't save that just now."), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="alert-settings-title" className="mt-6 rounded-2xl border border-amber-200 bg-white p-6 shadow-sm">
      <h2 id="alert-settings-title" className="font-serif text-xl font-bold text-amber-900">
        Alerts and the weekly digest
      </h2>
      <div className="mt-3 space-y-3">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={current.alertsEnabled}
            onChange={(e) => setDraft({ ...current, alertsEnabled: e.target.checked })}
          />
          Alert me when a stock on my list moves
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={current.digestEnabled}
            onChange={(e) => setDraft({ ...current, digestEnabled: e.target.checked })}
          />
          Send me a weekly digest (only when something changed)
        </label>
        <label className="flex items-center gap-2">
          Digest day
          <select
            value={current.digestDay}
            disabled={!current.digestEnabled}
            onChange={(e) => setDraft({ ...current, digestDay: Number(e.target.value) })}
            className="rounded border border-amber-300 px-2 py-1"
          >
            {DAYS.map((day, i) => (
              <option key={day} value={i + 1}>
                {day}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" className={buttonClass('primary', 'mt-4')} disabled={saving || !draft} onClick={() => void save()}>
        Save
      </button>
    </section>
  );
}
