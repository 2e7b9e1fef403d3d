import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('dates as en-IN writes them', () => {
  it('day, short month and year, then the time on a 12-hour clock', () => {
    const afternoon = new Date(2026, 2, 5, 15, 4).toISOString();
    expect(formatDate(afternoon)).toBe('5 Mar 2026');
    expect(formatDateTime(afternoon)).toBe('5 Mar 2026, 3:04 pm');
  });

  it('midnight and noon', () => {
    expect(formatDateTime(new Date(2026, 11, 31, 0, 5).toISOString())).toBe('31 Dec 2026, 12:05 am');
    expect(formatDateTime(new Date(2026, 0, 1, 12, 0).toISOString())).toBe('1 Jan 2026, 12:00 pm');
  });

  it('an unreadable date as nothing', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});
