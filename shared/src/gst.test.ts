import { describe, expect, it } from 'vitest';
import { findState, gstinCheckChar, INDIAN_STATES, isValidGstin, stateTaxName } from './gst.js';
import { gstSettingsSchema } from './schemas/gst.js';

describe('GSTIN', () => {
  it.each(['27AAPFU0939F1ZV', '29AAGCB7383J1Z4'])('accepts %s', (gstin) => {
    expect(isValidGstin(gstin)).toBe(true);
  });

  it.each([
    ['27AAPFU0939F1ZW', 'a wrong check character'],
    ['27AAPFU0939F1ZV1', 'sixteen characters'],
    ['27aapfu0939f1zv', 'lower case'],
    ['27AAPF10939F1ZV', 'a digit where the PAN has a letter'],
    ['99AAPFU0939F1ZV', 'an unknown state code'],
    ['27AAPFU0939F1YV', 'no Z in the 14th place'],
    ['', 'nothing'],
  ])('refuses %s (%s)', (gstin) => {
    expect(isValidGstin(gstin)).toBe(false);
  });

  it('works the check character out from the first fourteen', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });

  it("settings refuse a GSTIN of another state than the seller's", () => {
    const result = gstSettingsSchema.safeParse({
      enabled: true,
      legalName: 'A',
      address: 'B',
      stateCode: '29',
      gstin: '27AAPFU0939F1ZV',
      invoicePrefix: 'INV',
    });
    expect(result.success).toBe(false);
  });
});

describe('Indian states', () => {
  it('lists the 28 states and 8 union territories, codes unique', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES.map((s) => s.code)).size).toBe(36);
  });

  it('finds a state by its name in any case and spacing, or by its code', () => {
    expect(findState('tamil nadu')?.code).toBe('33');
    expect(findState('Jammu & Kashmir')?.code).toBe('01');
    expect(findState('27')?.name).toBe('Maharashtra');
    expect(findState('Atlantis')).toBeUndefined();
  });

  it.each([
    ['Orissa', '21'],
    ['ORISSA', '21'],
    ['Pondicherry', '34'],
    ['New Delhi', '07'],
    ['NCT of Delhi', '07'],
    ['National Capital Territory of Delhi', '07'],
    ['Uttaranchal', '05'],
    ['Daman & Diu', '26'],
    ['Andaman and Nicobar', '35'],
  ])('reads %s, another name of the state, as %s', (text, code) => {
    expect(findState(text)?.code).toBe(code);
  });

  it('does not take a city for its state', () => {
    expect(findState('Mumbai')).toBeUndefined();
    expect(findState('Bombay')).toBeUndefined();
  });
});

describe('the state half of the tax', () => {
  it.each(['04', '26', '31', '35', '38', '97'])('is UTGST for a seller in union territory %s', (code) => {
    expect(stateTaxName(code)).toBe('UTGST');
  });

  it.each(['07', '34', '01', '27', '29'])(
    'is SGST for a seller in %s (a state or a territory with a legislature)',
    (code) => {
      expect(stateTaxName(code)).toBe('SGST');
    },
  );
});
