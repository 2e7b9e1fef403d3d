/** Money is integer paise everywhere except where the spec shows rupees. */
export type Paise = number;

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** "₹1,23,456.50" with Indian digit grouping. */
export function formatRupees(rupees: number): string {
  return inr.format(rupees);
}
