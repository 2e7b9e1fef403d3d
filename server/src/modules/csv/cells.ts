import { Readable, pipeline, type Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/** Rows read this many at a time: a download of any size holds one batch in memory. */
export const BATCH = 1000;

/**
 * Text a customer or admin typed, made safe for a spreadsheet: a cell starting
 * with = + - @ (or a tab or return) would be read as a formula, so it gets a
 * leading apostrophe, which spreadsheets show as text. The import takes it off.
 */
export function textCell(value: string): string {
  // A text that already starts with apostrophes before such a character gets one more, so the
  // import, which takes one off, gives it back as it was.
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The reverse of textCell, for a cell read back from a file. */
export function fromTextCell(value: string): string {
  return /^''*[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** Rupees as a spreadsheet reads a number: 1250.00 (no grouping, no symbol). */
export const rupeesCell = (paise: number | string) => (Number(paise) / 100).toFixed(2);

/**
 * Reads a table in keyset order, one batch per query, and yields row by row.
 * No connection or transaction is held between batches: on SQLite, whose one
 * connection every request shares, a slow download must not hold up the shop.
 */
export async function* inBatches<Row, Key>(
  read: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
): AsyncGenerator<Row> {
  let after: Key | undefined;
  for (;;) {
    const rows = await read(after);
    yield* rows;
    if (rows.length < BATCH) return;
    after = keyOf(rows.at(-1)!);
  }
}

/**
 * Sends the records as a CSV download: UTF-8 with a byte order mark (so a
 * spreadsheet reads Hindi and every other script as such), a header row,
 * written as the client takes it (the stream's back pressure paces the reads).
 */
export function sendCsv(
  reply: FastifyReply,
  log: FastifyBaseLogger,
  filename: string,
  header: readonly string[],
  records: AsyncIterable<unknown[]>,
) {
  const csv: Transform = stringify({
    bom: true,
    header: true,
    columns: [...header],
    record_delimiter: 'windows',
  });
  pipeline(Readable.from(records), csv, (error) => {
    if (error) log.error({ err: error }, `writing ${filename} failed`);
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
