import { ADMIN_PAGE_SIZE, TOTAL_COUNT_HEADER, type AdminListQuery } from '@shop/shared';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { containsPattern } from '../products/repo.js';

type Rows<Row> = { execute(): Promise<Row[]> };
type Pageable<Row> = Rows<Row> & { limit(limit: number): { offset(offset: number): Rows<Row> } };

/**
 * An admin list as asked. Without page or limit: the whole list, the spec's
 * answer. With either: that page (ADMIN_PAGE_SIZE unless limit says), and how
 * many match in all in the X-Total-Count header, so the answer keeps the
 * spec's shape, a list. A growing shop's lists are paged by its own admin
 * screens: 100,000 products in one table took seconds and tens of MB.
 */
export async function listAsAsked<Row>(
  reply: FastifyReply,
  ask: AdminListQuery,
  rows: Pageable<Row>,
  countMatching: () => Promise<{ total: number | string | bigint }>,
): Promise<Row[]> {
  if (ask.page === undefined && ask.limit === undefined) return rows.execute();
  const limit = ask.limit ?? ADMIN_PAGE_SIZE;
  const offset = ((ask.page ?? 1) - 1) * limit;
  const [page, { total }] = await Promise.all([rows.limit(limit).offset(offset).execute(), countMatching()]);
  void reply.header(TOTAL_COUNT_HEADER, String(Number(total)));
  return page;
}

/** A condition: the text column holds `text`, case-insensitive, the user's % and _ taken literally. */
export function textContains(column: string, text: string) {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}
