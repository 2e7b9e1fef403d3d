/** What the product list hands its Edit links: where the list was (page and search). */
export type ListReturn = { listSearch: string };

/**
 * Where a saved product form goes: the list as the admin left it, when they
 * came from it; else its first page (a new product is the newest, so first).
 */
export function productListPath(state: unknown): string {
  const listSearch = (state as Partial<ListReturn> | null)?.listSearch;
  const isSearch = typeof listSearch === 'string' && (listSearch === '' || listSearch.startsWith('?'));
  return `/admin/productList${isSearch ? listSearch : ''}`;
}
