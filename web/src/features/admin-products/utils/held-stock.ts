/**
 * Under the edit form's count in stock, while unpaid checkouts hold units: the count leaves
 * them out, so an owner counting the shelf should enter only what is free to sell.
 */
export function heldStockHint(held: number): string | undefined {
  if (held <= 0) return undefined;
  const back = held === 1 ? 'it comes' : 'they come';
  return `Unpaid checkouts hold ${held} more; ${back} back to stock if not paid. Enter only what is free to sell.`;
}
