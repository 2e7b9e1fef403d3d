import {
  ADMIN_PAGE_SIZE,
  MAX_UNPAGED_ADMIN_ROWS,
  TOTAL_COUNT_HEADER,
  type AdminListQuery,
} from '@shop/shared';
import type { FastifyReply } from 'fastify';
import { sql, type SelectQueryBuilder } from 'kysely';
import { UNICODE_LOWER, type DbKind } from '../../db/index.js';
import { containsPattern } from '../products/repo.js';

type Rows<Row> = { execute(): Promise<Row[]> };
type Pageable<Row> = { limit(limit: number): Rows<Row> & { offset(offset: number): Rows<Row> } };

/**
 * An admin list as asked. Without page or limit: the whole list, the spec's
 * answer, up to MAX_UNPAGED_ADMIN_ROWS. With either: that page
 * (ADMIN_PAGE_SIZE unless limit says). Either way X-Total-Count says how many
 * match in all, so the answer keeps the spec's shape, a list, and a client can
 * tell a list cut short. A growing shop's lists are paged by its own admin
 * screens: a whole catalog in one table is too slow and too large to show.
 * `matching` is the filtered table; `rowsOf` selects and orders its rows.
 */
export async function listAsAsked<DB, TB extends keyof DB, Row>(
  reply: FastifyReply,
  ask: AdminListQuery,
  matching: () => SelectQueryBuilder<DB, TB, object>,
  rowsOf: (matching: SelectQueryBuilder<DB, TB, object>) => Pageable<Row>,
): Promise<Row[]> {
  const rows = rowsOf(matching());
  if (ask.page === undefined && ask.limit === undefined) {
    const whole = await rows.limit(MAX_UNPAGED_ADMIN_ROWS).execute();
    const total = whole.length < MAX_UNPAGED_ADMIN_ROWS ? whole.length : await countOf(matching());
    void reply.header(TOTAL_COUNT_HEADER, String(total));
    return whole;
  }
  const limit = ask.limit ?? ADMIN_PAGE_SIZE;
  const offset = ((ask.page ?? 1) - 1) * limit;
  const [page, total] = await Promise.all([rows.limit(limit).offset(offset).execute(), countOf(matching())]);
  void reply.header(TOTAL_COUNT_HEADER, String(total));
  return page;
}

/** How many rows the query finds (PostgreSQL counts in a bigint, so a string). */
async function countOf<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>) {
  // Kysely cannot resolve a selection on a generic table, so the row's type is given here.
  const row = (await query.select(sql`count(*)`.as('total')).executeTakeFirstOrThrow()) as {
    total: number | string;
  };
  return Number(row.total);
}

/**
 * A condition: the text column holds `text`, in any case (Unicode, on both
 * databases), the user's % and _ taken literally.
 */
export function textContains(kind: DbKind, column: string, text: string) {
  const lower = kind === 'sqlite' ? sql.raw(UNICODE_LOWER) : sql.raw('lower');
  return sql<boolean>`${lower}(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}
