import type { Kysely } from 'kysely';

/**
 * GST (docs/decisions/0030-gst.md). A product gets its HSN code and rate; an
 * order line the tax worked out of its price at the sale, kept as it was then.
 * Tax invoices and credit notes are rows (`tax_documents`) numbered from a
 * counter per kind and financial year, taken in the transaction that issues
 * the document, so a rollback gives the number back and no number is skipped.
 * A mail may name a document to attach (`attachment`), rendered when sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('hsn_code', 'text').execute();
  await db.schema.alterTable('products').addColumn('gst_rate', 'integer').execute();
  for (const column of ['hsn_code', 'gst_rate', 'taxable_paise', 'cgst_paise', 'sgst_paise', 'igst_paise']) {
    await db.schema
      .alterTable('orders')
      .addColumn(column, column === 'hsn_code' ? 'text' : column === 'gst_rate' ? 'integer' : 'bigint')
      .execute();
  }

  await db.schema
    .createTable('document_counters')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('document_counters_pk', ['kind', 'financial_year'])
    .execute();

  await db.schema
    .createTable('tax_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    // 'invoice:<checkout id>' or 'credit:<order id>': one document per sale and per refunded order.
    .addColumn('subject', 'text', (c) => c.notNull().unique())
    .addColumn('checkout_id', 'text', (c) => c.notNull().references('checkouts.id'))
    .addColumn('order_id', 'text', (c) => c.references('orders.id'))
    .addColumn('invoice_id', 'text', (c) => c.references('tax_documents.id'))
    .addColumn('financial_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    // The date in India (IST), which decides the financial year and the report's month.
    .addColumn('issue_date', 'text', (c) => c.notNull())
    // The seller's details as they were when it was issued (JSON).
    .addColumn('seller', 'text', (c) => c.notNull())
    .addColumn('place_of_supply_code', 'text', (c) => c.notNull())
    .addColumn('intra_state', 'integer', (c) => c.notNull())
    .addColumn('taxable_paise', 'bigint', (c) => c.notNull())
    .addColumn('cgst_paise', 'bigint', (c) => c.notNull())
    .addColumn('sgst_paise', 'bigint', (c) => c.notNull())
    .addColumn('igst_paise', 'bigint', (c) => c.notNull())
    .addColumn('total_paise', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tax_documents_date')
    .on('tax_documents')
    .columns(['issue_date', 'kind'])
    .execute();
  await db.schema.createIndex('tax_documents_checkout').on('tax_documents').column('checkout_id').execute();

  await db.schema.alterTable('mail_outbox').addColumn('attachment', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attachment').execute();
  await db.schema.dropTable('tax_documents').execute();
  await db.schema.dropTable('document_counters').execute();
  for (const column of ['igst_paise', 'sgst_paise', 'cgst_paise', 'taxable_paise', 'gst_rate', 'hsn_code']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('products').dropColumn('gst_rate').execute();
  await db.schema.alterTable('products').dropColumn('hsn_code').execute();
}
