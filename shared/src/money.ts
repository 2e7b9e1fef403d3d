/** Money is integer paise everywhere except where the spec shows rupees. */
export type Paise = number;

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: Paise): number {
  return paise / 100;
}

/**
 * "12,34,567": Indian digit grouping (the last three digits, then pairs). Written out rather than
 * through Intl because a page's first Intl formatter stalls it while the browser loads locale data.
 */
export function groupIndian(whole: number): string {
  const digits = String(Math.trunc(Math.abs(whole)));
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return (whole < 0 ? '-' : '') + (rest ? `${rest},${lastThree}` : lastThree);
}

/** "₹1,23,456" or "₹1,23,456.50": Indian digit grouping, paise shown only when there are any. */
export function formatRupees(rupees: number): string {
  const paise = Math.round(rupees * 100);
  const abs = Math.abs(paise);
  const fraction = abs % 100;
  const sign = paise < 0 ? '-' : '';
  return `${sign}₹${groupIndian(Math.floor(abs / 100))}${fraction ? `.${String(fraction).padStart(2, '0')}` : ''}`;
}
