import { ADMIN_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@shop/shared';
import { api } from '@/lib/api';
import type { ListPage } from './use-list-page';

/** A page of a list: its rows, which page they are, and how many match across all pages. */
export type PagedList<T> = { items: T[]; page: number; total: number };

/** One page of an admin list; the server counts the matches in X-Total-Count. */
export async function getPagedList<T>(
  path: string,
  { page, q }: ListPage,
  signal?: AbortSignal,
  filters: Record<string, string> = {},
): Promise<PagedList<T>> {
  const params = new URLSearchParams({ ...filters, page: String(page), limit: String(ADMIN_PAGE_SIZE) });
  if (q) params.set('q', q);
  const { body, headers } = await api<T[]>(`${path}?${params}`, { signal });
  return { items: body, page, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? body.length) };
}

export const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));

/** The number the list's # column shows for the first row of this page. */
export const firstNumberOf = (page: number) => (page - 1) * ADMIN_PAGE_SIZE + 1;
