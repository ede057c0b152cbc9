import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/lib/toast';
import type { ScheduledJob } from '@/types/generated/ScheduledJob';

import { deleteSchedule, fieldsOf, runScheduleNow, scheduleFailure, updateSchedule, useSchedules } from '../api/schedules';
import { DAY_NAMES } from '../schedule-rules';

type ScheduledTabProps = { onEdit: (schedule: ScheduledJob) => void; onBatchStarted: () => void };

/**
 * Scheduled Jobs (spec 001 section 2): each schedule with its badge, enable switch, Run Now,
 * Edit and Delete, its frequency, days, times, stock count, next run in Los Angeles time and
 * what its last run did.
 */
export function ScheduledTab({ onEdit, onBatchStarted }: ScheduledTabProps) {
  const { data: schedules = [], mutate } = useSchedules();

  const toggle = async (schedule: ScheduledJob) => {
    const enabled = !schedule.is_enabled;
    try {
      await updateSchedule(schedule.id, { ...fieldsOf(schedule), is_enabled: enabled });
      toast({ title: enabled ? 'Schedule Enabled' : 'Schedule Disabled', description: schedule.name });
      await mutate();
    } catch (error) {
      toast({ ...scheduleFailure(error, 'Toggle Failed', 'Toggle Error', 'Failed to update the schedule'), variant: 'destructive' });
    }
  };

  const remove = async (schedule: ScheduledJob) => {
    try {
      await deleteSchedule(schedule.id);
      toast({ title: 'Schedule Deleted', description: schedule.name });
      await mutate();
    } catch (error) {
      toast({ ...scheduleFailure(error, 'Delete Failed', 'Delete Error', 'Failed to delete the schedule'), variant: 'destructive' });
    }
  };

  const runNow = async (schedule: ScheduledJob) => {
    try {
      const started = await runScheduleNow(schedule.id);
      toast({ title: 'Ad Hoc Job Started', description: started.message });
      onBatchStarted();
      await mutate();
    } catch (error) {
      toast({ ...scheduleFailure(error, 'Failed to Start Job', 'Failed to Start Job', 'Cannot start job at this time'), variant: 'destructive' });
    }
  };

  if (schedules.length === 0) return <p className="text-sm">No schedules yet. New Schedule makes one.</p>;
  return (
    <ul aria-label="Schedules" className="space-y-3">
      {schedules.map((s) => (
        <li key={s.id}>
          <Card>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">
                {s.name}{' '}
                <span className={`rounded-full px-2 py-0.5 text-xs ${s.is_enabled ? 'bg-green-100 text-green-800' : 'bg-stone-200 text-stone-700'}`}>
                  {s.is_enabled ? 'Active' : 'Disabled'}
                </span>
              </h3>
              <div className="flex flex-wrap items-center gap-2">
                <label className="flex items-center gap-1 text-sm">
                  <input type="checkbox" role="switch" aria-label={`Enable ${s.name}`} checked={s.is_enabled} onChange={() => toggle(s)} />
                  Enabled
                </label>
                <Button variant="outline" onClick={() => runNow(s)}>
                  Run Now
                </Button>
                <Button variant="outline" onClick={() => onEdit(s)}>
                  Edit
                </Button>
                <Button variant="outline" onClick={() => remove(s)}>
                  Delete
                </Button>
              </div>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt>Frequency</dt>
              <dd>
                {s.frequency}
                {s.interval_minutes ? `, every ${s.interval_minutes} minutes` : ''}
                {s.market_hours_only ? ', market hours only' : ''}
              </dd>
              <dt>Days</dt>
              <dd>{s.days_of_week.length ? s.days_of_week.map((d) => DAY_NAMES[d]).join(', ') : 'Every day'}</dd>
              <dt>Times (New York)</dt>
              <dd>{s.times.join(', ')}</dd>
              <dt>Stocks</dt>
              <dd>{s.selected_stocks.length}</dd>
              <dt>Next run</dt>
              <dd data-testid={`next-run-${s.id}`}>{s.next_run_label ?? 'Not scheduled'}</dd>
              <dt>Last run</dt>
              <dd>{s.last_outcome ?? 'Never run'}</dd>
            </dl>
          </Card>
        </li>
      ))}
    </ul>
  );
}
