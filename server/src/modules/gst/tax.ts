/**
 * The tax in a tax-inclusive price, in whole paise (docs/decisions/0030-gst.md).
 * The rule: a line's amount (unit price x quantity) is what was paid for it;
 * its taxable value is amount x 100 / (100 + rate), rounded to the nearest
 * paisa (half up); its tax is the rest, so taxable value plus tax is the amount
 * exactly. Within a state the tax halves into CGST and SGST, an odd paisa
 * going to CGST; between states it is all IGST. An invoice's totals are sums of
 * its lines, so they add up to what was paid to the paisa.
 */
export type LineTax = {
  amountPaise: number;
  rate: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

export function lineTax(amountPaise: number, rate: number, intraState: boolean): LineTax {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new Error(`bad amount ${amountPaise}`);
  // Integer arithmetic: (2 * a * 100 + d) / (2 * d) rounds a * 100 / d half up without floats.
  const divisor = 100 + rate;
  const taxablePaise = Math.floor((2 * amountPaise * 100 + divisor) / (2 * divisor));
  const tax = amountPaise - taxablePaise;
  const cgstPaise = intraState ? Math.ceil(tax / 2) : 0;
  const sgstPaise = intraState ? tax - cgstPaise : 0;
  return {
    amountPaise,
    rate,
    taxablePaise,
    cgstPaise,
    sgstPaise,
    igstPaise: intraState ? 0 : tax,
  };
}

export type TaxTotals = Omit<LineTax, 'rate'>;

export function totalsOf(lines: readonly Omit<LineTax, 'rate'>[]): TaxTotals {
  const sum = (pick: (l: Omit<LineTax, 'rate'>) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    amountPaise: sum((l) => l.amountPaise),
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
  };
}

/** The financial year (April to March) of an Indian date, as '2026-27'. */
export function financialYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const month = Number(isoDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
