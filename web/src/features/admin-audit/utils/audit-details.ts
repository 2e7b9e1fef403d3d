/**
 * The server keeps an entry's details as JSON text such as
 * {"name":"Lamp","stock":[7,5]}; the table shows one "key: value" line per
 * field, a [before, after] pair as "7 → 5". Text that is not a JSON object
 * shows as it is.
 */
export function auditDetailLines(details: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(details);
  } catch {
    return details ? [details] : [];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [details];
  return Object.entries(parsed).map(([key, value]) => `${key}: ${show(value)}`);
}

function show(value: unknown): string {
  if (Array.isArray(value) && value.length === 2) return `${show(value[0])} → ${show(value[1])}`;
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}
