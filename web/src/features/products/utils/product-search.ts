import { productSearchSchema, type Category, type SortOption } from '@shop/shared';

/** The dashboard's filter as it lives in the URL: ?q=&sort=&category=&page= */
export type ProductFilter = { q: string; sort: SortOption; category: 'all' | Category };
export type ProductSearch = ProductFilter & { page: number };

export const DEFAULT_FILTER: ProductFilter = { q: '', sort: 'popular', category: 'all' };

const { q, sort, category, page } = productSearchSchema.shape;

/** Reads the URL's search params; a missing or invalid value falls back to its default. */
export function parseProductSearch(params: URLSearchParams): ProductSearch {
  const value = (name: string) => params.get(name) ?? undefined;
  return {
    q: q.safeParse(value('q')).data ?? DEFAULT_FILTER.q,
    sort: sort.safeParse(value('sort')).data ?? DEFAULT_FILTER.sort,
    category: category.safeParse(value('category')).data ?? DEFAULT_FILTER.category,
    page: page.safeParse(value('page')).data ?? 1,
  };
}

/** A new filter starts again at page 1, so `page` is left out. */
export function filterParams(filter: ProductFilter): URLSearchParams {
  return new URLSearchParams({ q: filter.q.trim(), sort: filter.sort, category: filter.category });
}
