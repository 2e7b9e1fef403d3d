import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export type DocumentKind = 'invoice' | 'credit_note';

/**
 * The next number of a kind of document in a financial year, from its counter
 * row: one upsert that adds one and answers the new value. Call it inside the
 * transaction that stores the document: on PostgreSQL the row stays locked
 * until that commits (a concurrent sale waits, then reads the committed
 * value), SQLite has one writer, and a rollback takes the number back with
 * it, so the numbers run without gaps or repeats.
 */
export async function nextSequence(
  trx: Kysely<Database>,
  kind: DocumentKind,
  financialYear: string,
): Promise<number> {
  const row = await trx
    .insertInto('document_counters')
    .values({ kind, financial_year: financialYear, last_number: 1 })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'financial_year'])
        .doUpdateSet({ last_number: sql<number>`document_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/**
 * "INV/2627/00001": the prefix (a C after it for credit notes), the financial
 * year's two years, the sequence; at most 16 characters, as rule 46 asks.
 */
export function documentNumber(
  prefix: string,
  kind: DocumentKind,
  financialYear: string,
  sequence: number,
): string {
  const years = `${financialYear.slice(2, 4)}${financialYear.slice(5, 7)}`;
  return `${prefix}${kind === 'credit_note' ? 'C' : ''}/${years}/${String(sequence).padStart(5, '0')}`;
}
