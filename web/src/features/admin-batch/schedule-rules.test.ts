import { describe, expect, it } from 'vitest';

import { BAD_INTERVAL, NAME_AND_STOCKS, NO_DAYS, NO_TIMES, addTime, emptyForm, generateTimes, validateSchedule } from './schedule-rules';

const form = (change: Partial<ReturnType<typeof emptyForm>> = {}) => ({
  ...emptyForm(),
  name: 'Mornings',
  selected_stocks: ['AAPL'],
  times: ['09:30'],
  ...change,
});

describe('schedule rules', () => {
  it('needs a name and a stock, in the spec words', () => {
    expect(validateSchedule(form({ name: '   ' }))).toBe(NAME_AND_STOCKS);
    expect(validateSchedule(form({ selected_stocks: [] }))).toBe(NAME_AND_STOCKS);
    expect(NAME_AND_STOCKS).toBe('Please provide a schedule name and select at least one stock.');
    expect(validateSchedule(form())).toBeNull();
  });

  it('takes hourly intervals of 15 to 360 in steps of 15', () => {
    for (const bad of [0, 10, 20, 375, 7.5]) {
      expect(validateSchedule(form({ frequency: 'hourly', interval_minutes: bad }))).toBe(BAD_INTERVAL);
    }
    for (const good of [15, 60, 360]) {
      expect(validateSchedule(form({ frequency: 'hourly', interval_minutes: good, times: [] }))).toBeNull();
    }
  });

  it('needs days for weekly and a time for the others', () => {
    expect(validateSchedule(form({ frequency: 'weekly' }))).toBe(NO_DAYS);
    expect(validateSchedule(form({ frequency: 'weekly', days_of_week: [1] }))).toBeNull();
    expect(validateSchedule(form({ times: [] }))).toBe(NO_TIMES);
  });

  it('keeps times sorted and unique', () => {
    expect(addTime(addTime(['14:00'], '09:30'), '14:00')).toEqual(['09:30', '14:00']);
    expect(addTime(['09:30'], '25:00')).toEqual(['09:30']);
  });

  it('generates market-hours times from the open to the close', () => {
    expect(generateTimes(60, true)).toEqual(['09:30', '10:30', '11:30', '12:30', '13:30', '14:30', '15:30']);
    expect(generateTimes(30, true).at(-1)).toBe('16:00');
    expect(generateTimes(360, false)).toEqual(['00:00', '06:00', '12:00', '18:00']);
  });
});
