/**
 * India's GST facts the shop needs on both sides: the states and union
 * territories with their GST state codes, the rates, and the GSTIN's check.
 */

/** Every state and union territory with its GST state code, in the order of the codes. */
export const INDIAN_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];
export const STATE_NAMES = INDIAN_STATES.map((s) => s.name);

/**
 * Other names people write for a state or union territory, by its code: old
 * names, and the parts or long forms of a name. New Delhi is here because it is
 * commonly written for Delhi itself; other cities (Mumbai, Bengaluru) are not,
 * as a city does not say which state a customer meant.
 */
const OTHER_NAMES: Record<string, string[]> = {
  '05': ['Uttaranchal'],
  '07': ['New Delhi', 'NCT of Delhi', 'National Capital Territory of Delhi'],
  '21': ['Orissa'],
  '26': ['Dadra and Nagar Haveli', 'Daman and Diu'],
  '34': ['Pondicherry'],
  '35': ['Andaman and Nicobar'],
};

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
const BY_KEY = new Map<string, IndianState>(
  INDIAN_STATES.flatMap((s) => [
    [squash(s.name), s],
    [s.code, s],
    ...(OTHER_NAMES[s.code] ?? []).map((name): [string, IndianState] => [squash(name), s]),
  ]),
);

/**
 * The state a shipping form's text names (its name or another name it goes by,
 * in any case and spacing, or its code), if any.
 */
export function findState(text: string): IndianState | undefined {
  return BY_KEY.get(squash(text.replace(/&/g, 'and')));
}

/**
 * Union territories without a legislature, by GST state code: a seller there
 * charges UTGST where a state's seller charges SGST (the UTGST Act). Delhi,
 * Puducherry and Jammu and Kashmir have legislatures and keep SGST. 97 is
 * "Other Territory", which the state list does not offer.
 */
const UTGST_CODES: ReadonlySet<string> = new Set(['04', '26', '31', '35', '38', '97']);

/** What the state half of an intra-state sale's tax is called for a seller in this state. */
export function stateTaxName(sellerStateCode: string): 'SGST' | 'UTGST' {
  return UTGST_CODES.has(sellerStateCode) ? 'UTGST' : 'SGST';
}

export const GST_RATES = [0, 5, 12, 18, 28] as const;
export type GstRate = (typeof GST_RATES)[number];

export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const GSTIN_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN's 15th character, worked out from the first 14 (base 36, weights 1 and 2). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARS[(36 - (sum % 36)) % 36]!;
}

/** A well-formed GSTIN of a known state whose check character is right. */
export function isValidGstin(gstin: string): boolean {
  return (
    GSTIN_PATTERN.test(gstin) &&
    BY_KEY.has(gstin.slice(0, 2)) &&
    gstinCheckChar(gstin.slice(0, 14)) === gstin[14]
  );
}
