import { z } from 'zod';
import { GST_RATES, GSTIN_PATTERN, HSN_PATTERN, INDIAN_STATES, isValidGstin } from '../gst.js';
import { gstMessages as m } from '../messages-gst.js';
import { isBlankText } from '../text.js';
import { numberFromForm } from './fields.js';

const STATE_CODES = INDIAN_STATES.map((s) => s.code) as [string, ...string[]];

/** A text the form may leave blank: invisible characters only count as blank (''), as spaces do. */
const optionalText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .transform((text) => (isBlankText(text) ? '' : text));

/**
 * PUT /api/admin/gst and the settings form. Everything is checked even when GST
 * is off, so turning it on later needs no second form; an empty form (a shop
 * that never registered) is stored off with blanks.
 */
export const gstSettingsSchema = z
  .object({
    enabled: z.boolean({ error: m.enabledRequired }),
    legalName: optionalText(m.legalNameRequired).pipe(z.string().max(200, { error: m.legalNameRequired })),
    address: optionalText(m.addressRequired).pipe(z.string().max(500, { error: m.addressRequired })),
    stateCode: z.union([z.enum(STATE_CODES), z.literal('')], { error: m.stateRequired }),
    gstin: optionalText(m.gstinInvalid)
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || (GSTIN_PATTERN.test(v) && isValidGstin(v)), { error: m.gstinInvalid }),
    invoicePrefix: optionalText(m.prefixInvalid)
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || /^[A-Z0-9]{1,4}$/.test(v), { error: m.prefixInvalid }),
  })
  .superRefine((s, ctx) => {
    if (s.enabled) {
      const need = [
        ['legalName', m.legalNameRequired],
        ['address', m.addressRequired],
        ['stateCode', m.stateRequired],
        ['gstin', m.gstinInvalid],
        ['invoicePrefix', m.prefixInvalid],
      ] as const;
      for (const [field, message] of need) {
        if (s[field] === '') ctx.addIssue({ code: 'custom', path: [field], message });
      }
    }
    if (s.gstin !== '' && s.stateCode !== '' && s.gstin.slice(0, 2) !== s.stateCode) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: m.gstinStateMismatch });
    }
  });
export type GstSettingsInput = z.input<typeof gstSettingsSchema>;
export type GstSettings = z.output<typeof gstSettingsSchema>;

/** A product's HSN code as the admin form sends it: blank is none. */
export const hsnField = z
  .string({ error: m.hsnInvalid })
  .trim()
  .refine((v) => v === '' || HSN_PATTERN.test(v), { error: m.hsnInvalid })
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional();

/** A product's GST rate in percent: blank is none. */
export const gstRateField = z
  .preprocess(
    (v) => {
      if (typeof v !== 'string') return v === undefined ? null : v;
      const text = v.trim();
      return text === '' ? null : numberFromForm(text);
    },
    z
      .number({ error: m.gstRateInvalid })
      .refine((v) => (GST_RATES as readonly number[]).includes(v), { error: m.gstRateInvalid })
      .nullable(),
  )
  .optional();

/** The report's CSV files: every document by rate, then GSTR-1's tables. */
export const GST_REPORT_SECTIONS = ['documents', 'b2cl', 'b2cs', 'cdnur', 'hsn', 'docs'] as const;
export type GstReportSection = (typeof GST_REPORT_SECTIONS)[number];

/** GET /api/admin/gst/report query. */
export const gstReportQuerySchema = z.object({
  month: z.string({ error: m.monthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: m.monthInvalid }),
  section: z.enum(GST_REPORT_SECTIONS, { error: m.reportSectionInvalid }),
});

/** What the order summary and the owner's order page link to. */
export const orderDocumentsSchema = z.object({
  invoiceNumber: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
});
export type OrderDocuments = z.infer<typeof orderDocumentsSchema>;
