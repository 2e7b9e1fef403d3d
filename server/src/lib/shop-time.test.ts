import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayStart, shopDay, shopHour } from './shop-time.js';

describe("the shop's calendar (India, UTC+05:30)", () => {
  it('counts an instant after midnight in India on India’s day, though UTC is still on the day before', () => {
    expect(shopDay(new Date('2026-03-31T18:40:00Z'))).toBe('2026-04-01');
    expect(shopDay(new Date('2026-03-31T18:20:00Z'))).toBe('2026-03-31');
    expect(shopHour(new Date('2026-03-31T18:40:00Z'))).toBe(0);
  });

  it('starts a day at 18:30 UTC the day before', () => {
    expect(dayStart('2026-04-01')).toBe('2026-03-31T18:30:00.000Z');
  });

  it('steps days and months across the year', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', -11)).toBe('2025-02');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01');
  });
});
