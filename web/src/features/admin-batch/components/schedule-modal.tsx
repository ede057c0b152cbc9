import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { toast } from '@/lib/toast';
import type { ScheduledJob } from '@/types/generated/ScheduledJob';

import { type ScheduleFields, createSchedule, scheduleFailure, updateSchedule } from '../api/schedules';
import {
  DAY_NAMES,
  FREQUENCIES,
  type Frequency,
  INTERVAL,
  MARKET_HOURS_LABEL,
  type ScheduleForm,
  addTime,
  emptyForm,
  generateTimes,
  validateSchedule,
} from '../schedule-rules';

type ScheduleModalProps = {
  stocks: string[];
  /** The schedule being edited; a new one when absent. */
  editing?: ScheduledJob | null;
  onClose: () => void;
  onSaved: () => void;
};

const formOf = (s: ScheduledJob): ScheduleForm => ({
  name: s.name,
  selected_stocks: s.selected_stocks,
  frequency: (FREQUENCIES as readonly string[]).includes(s.frequency) ? (s.frequency as Frequency) : 'daily',
  days_of_week: s.days_of_week,
  times: s.times,
  market_hours_only: s.market_hours_only,
  interval_minutes: s.interval_minutes ?? INTERVAL.initial,
});

/**
 * New Schedule / Edit Schedule (spec 001 sections 2-5): one modal for both. Times are added
 * once and kept sorted, a time chip removes itself when clicked; hourly schedules generate
 * their times from the interval. After saving the modal closes and the form resets.
 */
export function ScheduleModal({ stocks, editing, onClose, onSaved }: ScheduleModalProps) {
  const [form, setForm] = useState<ScheduleForm>(() => (editing ? formOf(editing) : emptyForm()));
  const [newTime, setNewTime] = useState('09:30');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<ScheduleForm>) => setForm((now) => ({ ...now, ...change }));
  const trap = useFocusTrap<HTMLDivElement>();

  // A keyboard user starts in the form (the trap keeps them there and gives focus back on close).
  useEffect(() => {
    trap.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [trap]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  const toggleIn = <T,>(list: T[], item: T) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);
  const hourly = form.frequency === 'hourly';
  const times = hourly ? generateTimes(form.interval_minutes, form.market_hours_only) : form.times;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const invalid = validateSchedule(form);
    setProblem(invalid);
    if (invalid) return;
    const fields: ScheduleFields = {
      name: form.name.trim(),
      selected_stocks: form.selected_stocks,
      frequency: form.frequency,
      days_of_week: form.frequency === 'daily' ? [] : [...form.days_of_week].sort(),
      times,
      is_enabled: editing?.is_enabled ?? true,
      market_hours_only: form.market_hours_only,
      interval_minutes: hourly ? form.interval_minutes : null,
    };
    setSaving(true);
    try {
      if (editing) {
        await updateSchedule(editing.id, fields);
        toast({ title: 'Schedule Updated', description: fields.name });
      } else {
        await createSchedule(fields);
        toast({ title: 'Schedule Created', description: fields.name });
      }
      setForm(emptyForm());
      onSaved();
      onClose();
    } catch (error) {
      const failure = editing
        ? scheduleFailure(error, 'Update Failed', 'Save Error', 'Failed to update the schedule')
        : scheduleFailure(error, 'Creation Failed', 'Save Error', 'Failed to create the schedule');
      toast({ ...failure, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <button type="button" aria-label="Close schedule" tabIndex={-1} className="absolute inset-0 bg-stone-900/50" onClick={onClose} />
      <div
        ref={trap}
        role="dialog"
        aria-modal="true"
        aria-labelledby="schedule-title"
        className="relative max-h-[90vh] w-full max-w-2xl overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
      >
        <h2 id="schedule-title" className="font-serif text-2xl font-bold text-amber-900">
          {editing ? 'Edit Schedule' : 'New Schedule'}
        </h2>
        <form onSubmit={save} noValidate className="mt-4 space-y-4">
          <Field label="Schedule name" value={form.name} onChange={(e) => set({ name: e.target.value })} />
          <label className="block text-sm font-semibold">
            Frequency
            <select
              className="ml-2 rounded border px-2 py-1"
              value={form.frequency}
              onChange={(e) => set({ frequency: e.target.value as Frequency })}
            >
              {FREQUENCIES.map((f) => (
                <option key={f} value={f}>
                  {f.charAt(0).toUpperCase() + f.slice(1)}
                </option>
              ))}
            </select>
          </label>
          {form.frequency !== 'daily' && (
            <fieldset>
              <legend className="text-sm font-semibold">Days</legend>
              <div className="flex flex-wrap gap-2">
                {DAY_NAMES.map((day, n) => (
                  <label key={day} className="flex items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      checked={form.days_of_week.includes(n)}
                      onChange={() => set({ days_of_week: toggleIn(form.days_of_week, n) })}
                    />
                    {day}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={form.market_hours_only} onChange={(e) => set({ market_hours_only: e.target.checked })} />
            Market hours only ({MARKET_HOURS_LABEL})
          </label>
          {hourly ? (
            <label className="block text-sm">
              Interval (minutes)
              <input
                type="number"
                className="ml-2 w-24 rounded border px-2 py-1"
                min={INTERVAL.min}
                max={INTERVAL.max}
                step={INTERVAL.step}
                value={form.interval_minutes}
                onChange={(e) => set({ interval_minutes: Number(e.target.value) })}
              />
            </label>
          ) : (
            <div className="flex items-end gap-2">
              <label className="text-sm">
                Time (New York)
                <input type="time" className="ml-2 rounded border px-2 py-1" value={newTime} onChange={(e) => setNewTime(e.target.value)} />
              </label>
              <Button type="button" variant="outline" onClick={() => set({ times: addTime(form.times, newTime) })}>
                Add Time
              </Button>
            </div>
          )}
          <ul aria-label="Times" className="flex flex-wrap gap-1">
            {times.map((t) => (
              <li key={t}>
                <button
                  type="button"
                  aria-label={hourly ? t : `Remove ${t}`}
                  disabled={hourly}
                  className="rounded-full bg-amber-100 px-2 py-0.5 text-xs"
                  onClick={() => set({ times: form.times.filter((x) => x !== t) })}
                >
                  {t}
                </button>
              </li>
            ))}
          </ul>
          <fieldset>
            <legend className="text-sm font-semibold">
              Stocks ({form.selected_stocks.length} selected)
            </legend>
            <div className="grid max-h-40 grid-cols-4 gap-1 overflow-y-auto sm:grid-cols-6">
              {stocks.map((symbol) => (
                <label key={symbol} className="flex items-center gap-1 text-sm">
                  <input
                    type="checkbox"
                    aria-label={`Schedule ${symbol}`}
                    checked={form.selected_stocks.includes(symbol)}
                    onChange={() => set({ selected_stocks: toggleIn(form.selected_stocks, symbol) })}
                  />
                  {symbol}
                </label>
              ))}
            </div>
          </fieldset>
          {problem && (
            <p role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {editing ? 'Update Schedule' : 'Create Schedule'}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
