/** Money is integer paise everywhere except where the spec shows rupees. */
export type Paise = number;

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

const whole = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const withPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** "₹1,23,456" or "₹1,23,456.50": Indian digit grouping, paise shown only when there are any. */
export function formatRupees(rupees: number): string {
  const paise = Math.round(rupees * 100);
  return paise % 100 === 0 ? whole.format(paise / 100) : withPaise.format(paise / 100);
}
