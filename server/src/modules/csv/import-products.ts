import {
  MAX_IMPORT_ROWS,
  messages,
  overviewMessages,
  productInputSchema,
  type ImportReport,
  type Product,
} from '@shop/shared';
import { parse } from 'csv-parse/sync';
import type { Insertable, Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database, ProductsTable } from '../../db/schema.js';
import { HttpError } from '../../lib/http-errors.js';
import { newId } from '../../lib/tokens.js';
import { recordAudit } from '../admin/audit.js';
import { isUsableImage } from '../admin/uploads.js';
import { stockEdit } from '../products/stock-edit.js';
import {
  columnsOf,
  PRODUCT_FIELDS,
  productColumns,
  toProduct,
  type ProductRow,
} from '../products/product-fields.js';
import type { SessionUser } from '../sessions/store.js';
import { fromTextCell } from './cells.js';
import { OPTIONAL_CSV_COLUMNS, PRODUCT_CSV_COLUMNS, STOCK_AT_EXPORT_COLUMN } from './export-products.js';

type Field = Exclude<(typeof PRODUCT_CSV_COLUMNS)[number], 'id'>;
const FIELDS = PRODUCT_CSV_COLUMNS.filter((c) => c !== 'id');
const isOptional = (field: Field) => (OPTIONAL_CSV_COLUMNS as readonly Field[]).includes(field);
/**
 * A spreadsheet reads an HSN code as a number and drops a leading 0 (chapters 01 to 09: food,
 * tea, spices): a code of 3, 5 or 7 digits gets it back, as no code has those lengths.
 */
const hsnCell = (cell: string) => (/^(\d{3}|\d{5}|\d{7})$/.test(cell.trim()) ? `0${cell.trim()}` : cell);
const cellOf = (field: Field, cell: string) => (field === 'hsnCode' ? hsnCell(cell) : cell);
type Columns = Partial<Insertable<ProductsTable>>;
type Planned = { line: number; id: string | null; name: string; columns: Columns; fields: string[] };

/**
 * Reads the file: the fields its header has, and every record with its line,
 * or a 400 saying why it cannot be read.
 */
function readRecords(csv: string): {
  fields: Field[];
  records: { line: number; cells: Record<string, string> }[];
} {
  let parsed: { record: Record<string, string>; info: { lines: number } }[];
  let header: string[] = [];
  try {
    parsed = parse(csv, {
      bom: true,
      columns: (names: string[]) => (header = names.map((n) => n.trim())),
      skip_empty_lines: true,
      info: true,
    });
  } catch (error) {
    throw new HttpError(400, overviewMessages.importUnreadable((error as Error).message));
  }
  // The browser reads the file as UTF-8 and puts U+FFFD for what is not: column names holding
  // one come from a spreadsheet's older encoding. In a row, the product form's rule refuses it
  // (schemas/fields.ts, readableText), naming the line, as it may be a product stored before.
  if (header.some((name) => name.includes('\uFFFD')))
    throw new HttpError(400, overviewMessages.importNotUtf8);
  const twice = [...new Set(header.filter((name, i) => name !== '' && header.indexOf(name) !== i))];
  if (twice.length > 0) throw new HttpError(400, overviewMessages.importDuplicateColumns(twice));
  const missing = FIELDS.filter((f) => !header.includes(f) && !isOptional(f));
  if (missing.length > 0) throw new HttpError(400, overviewMessages.importMissingColumns(missing));
  if (parsed.length === 0) throw new HttpError(400, overviewMessages.importNoRows);
  if (parsed.length > MAX_IMPORT_ROWS)
    throw new HttpError(400, overviewMessages.importTooManyRows(MAX_IMPORT_ROWS));
  return {
    fields: FIELDS.filter((f) => header.includes(f)),
    records: parsed.map(({ record, info }) => ({ line: info.lines, cells: record })),
  };
}

/**
 * Checks every row with the product form's schema (and its rule that an
 * uploaded image is really there), and works out what each would change.
 * Run on the transaction that writes, so what is written is what was checked.
 */
async function plan(ctx: AppContext, db: Kysely<Database>, csv: string, write: boolean) {
  const { fields: inFile, records } = readRecords(csv);
  const ids = [...new Set(records.map((r) => (r.cells.id ?? '').trim()).filter(Boolean))].sort();
  const existing = new Map<string, ProductRow>();
  for (let i = 0; i < ids.length; i += 500) {
    let read = db
      .selectFrom('products')
      .select(productColumns)
      .where('id', 'in', ids.slice(i, i + 500))
      .orderBy('id');
    // Locked (PostgreSQL; SQLite has one writer) so no sale lands between the stock check and the write.
    if (write && ctx.dbKind === 'postgres') read = read.forUpdate();
    const rows = await read.execute();
    for (const row of rows) existing.set(row.id, row);
  }
  const planned: Planned[] = [];
  const rejected: ImportReport['rejected'] = [];
  const seen = new Set<string>();
  for (const { line, cells } of records) {
    const id = (cells.id ?? '').trim() || null;
    const input = Object.fromEntries(inFile.map((f) => [f, cellOf(f, fromTextCell(cells[f] ?? ''))]));
    const checked = productInputSchema.safeParse(input);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      rejected.push({ line, reason: `${String(issue.path[0] ?? '')}: ${issue.message}` });
      continue;
    }
    if (!isUsableImage(ctx.config.uploadDir, checked.data.image)) {
      rejected.push({ line, reason: `image: ${messages.invalidImage}` });
      continue;
    }
    if (id !== null && !existing.has(id)) {
      rejected.push({ line, reason: `id: ${overviewMessages.importUnknownId}` });
      continue;
    }
    if (id !== null && seen.has(id)) {
      rejected.push({ line, reason: `id: ${overviewMessages.importDuplicateId}` });
      continue;
    }
    if (id !== null) seen.add(id);
    const before = id === null ? undefined : existing.get(id);
    let columns = columnsOf(checked.data as Partial<Product>, before && toProduct(before));
    if (before) {
      const stock = stockToWrite(columns, before.count_in_stock, cells[STOCK_AT_EXPORT_COLUMN]);
      if (typeof stock === 'string') {
        rejected.push({ line, reason: stock });
        continue;
      }
      columns = stock;
    }
    const fields = before
      ? inFile.filter(
          (f) =>
            PRODUCT_FIELDS[f] in columns &&
            String(before[PRODUCT_FIELDS[f]]) !== String(columns[PRODUCT_FIELDS[f]]),
        )
      : [...inFile];
    planned.push({ line, id, name: checked.data.name, columns, fields });
  }
  return { planned, rejected };
}

/**
 * The columns to write for an existing product, by the product form's rule
 * (products/stock-edit.ts) with the file's countInStockAtExport as the count it
 * was loaded with; or why the row is refused.
 */
function stockToWrite(
  columns: Columns,
  stockNow: number,
  atExportCell: string | undefined,
): Columns | string {
  const cell = atExportCell?.trim() ?? '';
  if (cell !== '' && !/^\d{1,9}$/.test(cell))
    return `${STOCK_AT_EXPORT_COLUMN}: ${overviewMessages.importStockAtExportInvalid}`;
  const edit = stockEdit(columns, stockNow, cell === '' ? undefined : Number(cell));
  if ('movedTo' in edit)
    return `countInStock: ${overviewMessages.importStockMoved(Number(cell), edit.movedTo)}`;
  return edit.columns;
}

/**
 * A dry run answers what would change and every rejected row. A real import
 * writes every row or none: one transaction, and nothing at all if any row
 * is rejected.
 */
export async function importProducts(
  ctx: AppContext,
  admin: SessionUser,
  csv: string,
  dryRun: boolean,
): Promise<ImportReport> {
  const run = async (db: Kysely<Database>, write: boolean): Promise<ImportReport> => {
    const { planned, rejected } = await plan(ctx, db, csv, write);
    const action = (p: Planned) => (p.id === null ? 'create' : p.fields.length ? 'update' : 'unchanged');
    const report: ImportReport = {
      dryRun,
      written: write && rejected.length === 0,
      created: planned.filter((p) => action(p) === 'create').length,
      updated: planned.filter((p) => action(p) === 'update').length,
      unchanged: planned.filter((p) => action(p) === 'unchanged').length,
      changes: planned.map((p) => ({
        line: p.line,
        action: action(p),
        id: p.id,
        name: p.name,
        fields: p.fields,
      })),
      rejected,
    };
    if (!report.written) return report;
    const now = ctx.clock.now().toISOString();
    for (const p of planned) {
      if (p.id === null) {
        await db
          .insertInto('products')
          .values({ ...(p.columns as Insertable<ProductsTable>), id: newId(), created_at: now })
          .execute();
      } else if (p.fields.length > 0) {
        await db.updateTable('products').set(p.columns).where('id', '=', p.id).execute();
      }
    }
    await recordAudit(db, admin, now, {
      action: 'product.import',
      targetType: 'product',
      targetId: '*',
      details: { created: report.created, updated: report.updated },
    });
    return report;
  };
  if (dryRun) return run(ctx.db, false);
  return ctx.db.transaction().execute((trx) => run(trx, true));
}
