import useSWR from 'swr';

import { ApiError, api } from '@/lib/api-client';
import type { RunNowOut } from '@/types/generated/RunNowOut';
import type { ScheduledJob } from '@/types/generated/ScheduledJob';

/** The admin schedule calls (spec 001 section 7, "Schedules"); fields are snake_case. */
export const scheduleKeys = { list: '/api/admin/scheduled-jobs' } as const;

/** What create and update send: the schedule's own fields, without the server's. */
export type ScheduleFields = Pick<
  ScheduledJob,
  'name' | 'selected_stocks' | 'frequency' | 'days_of_week' | 'times' | 'is_enabled' | 'market_hours_only' | 'interval_minutes'
>;

export const useSchedules = () => useSWR<ScheduledJob[]>(scheduleKeys.list);

export const createSchedule = (fields: ScheduleFields) => api.post<ScheduledJob>(scheduleKeys.list, fields);

export const updateSchedule = (id: number, fields: ScheduleFields) =>
  api.put<ScheduledJob>(`${scheduleKeys.list}/${id}`, fields);

export const deleteSchedule = (id: number) => api.delete<{ message: string }>(`${scheduleKeys.list}/${id}`);

/** Run Now uses the fixed 5 s delay (spec 001 section 9). */
export const RUN_NOW_DELAY_SECONDS = 5;

export const runScheduleNow = (id: number) =>
  api.post<RunNowOut>(`${scheduleKeys.list}/${id}/run-now`, { delaySeconds: RUN_NOW_DELAY_SECONDS });

/** The schedule fields of a stored schedule (to edit it, or to flip its switch). */
export function fieldsOf(schedule: ScheduledJob): ScheduleFields {
  const { name, selected_stocks, frequency, days_of_week, times, is_enabled, market_hours_only, interval_minutes } = schedule;
  return { name, selected_stocks, frequency, days_of_week, times, is_enabled, market_hours_only, interval_minutes };
}

/**
 * A failed call's toast: a server refusal shows under `failedTitle` with the server's error
 * (or `fallback`); a network failure shows under `networkTitle` (spec 001 section 8).
 */
export function scheduleFailure(error: unknown, failedTitle: string, networkTitle: string, fallback: string) {
  if (error instanceof ApiError) {
    return { title: failedTitle, description: error.serverMessage ?? fallback };
  }
  return { title: networkTitle, description: fallback };
}
