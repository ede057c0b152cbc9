/**
 * The schedule modal's rules (spec 001 sections 5 and 9), kept free of React so they are
 * tested directly. Times are New York wall clock (the exchange's), see the README.
 */

export const NAME_AND_STOCKS = 'Please provide a schedule name and select at least one stock.';
export const BAD_INTERVAL = 'The interval must be 15 to 360 minutes in steps of 15.';
export const NO_TIMES = 'Add at least one time.';
export const NO_DAYS = 'Pick at least one day of the week.';

/** Hourly interval input: 15-360 minutes in steps of 15, default 60. */
export const INTERVAL = { min: 15, max: 360, step: 15, initial: 60 } as const;

export const FREQUENCIES = ['daily', 'weekly', 'hourly', 'custom'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** Days 0-6 from Sunday. */
export const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const MARKET_HOURS_LABEL = '6:30 AM - 1:00 PM PST';

export type ScheduleForm = {
  name: string;
  selected_stocks: string[];
  frequency: Frequency;
  days_of_week: number[];
  times: string[];
  market_hours_only: boolean;
  interval_minutes: number;
};

export const emptyForm = (): ScheduleForm => ({
  name: '',
  selected_stocks: [],
  frequency: 'daily',
  days_of_week: [],
  times: [],
  market_hours_only: false,
  interval_minutes: INTERVAL.initial,
});

/** The first problem with the form, in the spec's words, or null. */
export function validateSchedule(form: ScheduleForm): string | null {
  if (!form.name.trim() || form.selected_stocks.length === 0) return NAME_AND_STOCKS;
  if (form.frequency === 'hourly') {
    const m = form.interval_minutes;
    if (!Number.isInteger(m) || m < INTERVAL.min || m > INTERVAL.max || m % INTERVAL.step !== 0) return BAD_INTERVAL;
    return null;
  }
  if (form.frequency === 'weekly' && form.days_of_week.length === 0) return NO_DAYS;
  if (form.times.length === 0) return NO_TIMES;
  return null;
}

/** Adds `time` (HH:MM) unless present; the list stays sorted. */
export function addTime(times: string[], time: string): string[] {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time) || times.includes(time)) return times;
  return [...times, time].sort();
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * Generated times (spec 001 section 9): from the open 09:30 (or 00:00) every `interval`
 * minutes up to the close 16:00 (or 23:59).
 */
export function generateTimes(interval: number, marketHoursOnly: boolean): string[] {
  const [start, end] = marketHoursOnly ? [9 * 60 + 30, 16 * 60] : [0, 23 * 60 + 59];
  const out: string[] = [];
  if (!(interval > 0)) return out;
  for (let at = start; at <= end; at += interval) out.push(hhmm(at));
  return out;
}
