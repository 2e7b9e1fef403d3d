const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

function format(iso: string, formatter: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatter.format(date);
}

/** "5 Mar 2026"; an unreadable date shows as nothing. */
export function formatDate(iso: string): string {
  return format(iso, dateFormat);
}

/** "5 Mar 2026, 3:04 pm". */
export function formatDateTime(iso: string): string {
  return format(iso, dateTimeFormat);
}
