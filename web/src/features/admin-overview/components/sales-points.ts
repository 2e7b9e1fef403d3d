import type { Overview, Sales } from '@shop/shared';

export type SalesPoint = Sales & { key: string; label: string; short: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthName = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1]!;

/** The overview's days or months with their names written out (no Intl: see architecture.md). */
export function salesPoints(overview: Overview, unit: 'days' | 'months'): SalesPoint[] {
  if (unit === 'days') {
    return overview.days.map(({ date, ...sales }) => ({
      ...sales,
      key: date,
      label: `${Number(date.slice(8))} ${monthName(date)} ${date.slice(0, 4)}`,
      short: `${Number(date.slice(8))} ${monthName(date)}`,
    }));
  }
  return overview.months.map(({ month, ...sales }) => ({
    ...sales,
    key: month,
    label: `${monthName(month)} ${month.slice(0, 4)}`,
    short: `${monthName(month)} ${month.slice(2, 4)}`,
  }));
}
