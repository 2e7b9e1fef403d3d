/**
 * The columns an owner's edit writes, stock included only when the owner changed it: a count
 * sent back as it was loaded (the product form, an exported CSV file) leaves the stock as sales
 * and released checkouts have made it since; a changed count is refused (`movedTo`: the stock
 * now) if the stock moved after it was loaded. Without a loaded count (the spec's client, a file
 * made by hand) the count is written as sent.
 */
export function stockEdit<T extends { count_in_stock?: number }>(
  columns: T,
  stockNow: number,
  loaded: number | undefined,
): { columns: Omit<T, 'count_in_stock'> & { count_in_stock?: number } } | { movedTo: number } {
  if (loaded === undefined) return { columns };
  if (columns.count_in_stock === loaded) {
    const { count_in_stock: _unchanged, ...rest } = columns;
    return { columns: rest };
  }
  return stockNow === loaded ? { columns } : { movedTo: stockNow };
}
