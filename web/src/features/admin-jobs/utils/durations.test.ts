import { describe, expect, it } from 'vitest';

import { waited, when } from './durations';

describe('waited', () => {
  it('reads seconds as the largest whole unit', () => {
    expect(waited(null)).toBe('—');
    expect(waited(45)).toBe('45 s');
    expect(waited(720)).toBe('12 min');
    expect(waited(3 * 3600 + 5)).toBe('3 h');
    expect(waited(86_400)).toBe('1 day');
    expect(waited(2 * 86_400)).toBe('2 days');
  });

  it('shows a dash for a missing or unreadable time', () => {
    expect(when(null)).toBe('—');
    expect(when('not a date')).toBe('—');
  });
});
