// The shop's calendar (India's, UTC+05:30): the overview's days, the export's date range, the dates invoices are filed by.
import { SHOP_UTC_OFFSET_MINUTES } from '@shop/shared';

const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60_000;

/** The shop's calendar day (India's) at this instant, YYYY-MM-DD. */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/** The shop's hour of the day (0-23) at this instant. */
export function shopHour(at: Date): number {
  return new Date(at.getTime() + OFFSET_MS).getUTCHours();
}

/** This instant as a spreadsheet reads a date and time, in the shop's calendar: YYYY-MM-DD HH:MM:SS. */
export function shopDateTime(at: Date): string {
  return new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** The instant a shop day starts, as the ISO text timestamps are stored in. */
export function dayStart(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS).toISOString();
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The month `months` after the one of this day (negative: before), YYYY-MM. */
export function addMonths(day: string, months: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
