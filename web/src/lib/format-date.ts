// Written out rather than through Intl.DateTimeFormat: a page's first Intl formatter stalls it while
// the browser loads locale data. The texts are en-IN's, in the shopper's own time zone.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parse(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

function dayMonthYear(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "5 Mar 2026"; an unreadable date shows as nothing. */
export function formatDate(iso: string): string {
  const date = parse(iso);
  return date ? dayMonthYear(date) : '';
}

/** "5 Mar 2026, 3:04 pm". */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${dayMonthYear(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}
