import { z } from 'zod';
import { overviewMessages } from '../messages-overview.js';

/** The shop's days and months are India's (UTC+05:30, no daylight saving). */
export const SHOP_UTC_OFFSET_MINUTES = 330;
export const OVERVIEW_DAYS = 30;
export const OVERVIEW_MONTHS = 12;
export const TOP_PRODUCTS = 10;
export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
export const MAX_LOW_STOCK_THRESHOLD = 1_000_000;
/** The most rows one product import may carry. */
export const MAX_IMPORT_ROWS = 5000;
/** The most one import's CSV text may weigh. */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;

/** Sales of one day or month, in rupees: gross is what customers paid, revenue that less refunds. */
export const salesSchema = z.object({
  orders: z.number(),
  gross: z.number(),
  refunds: z.number(),
  revenue: z.number(),
});
export type Sales = z.infer<typeof salesSchema>;

export const periodTotalsSchema = salesSchema.extend({
  /** Gross per paid order, rounded to the paisa (0 with no orders). */
  averageOrderValue: z.number(),
});
export type PeriodTotals = z.infer<typeof periodTotalsSchema>;

export const topProductSchema = z.object({
  productId: z.string(),
  name: z.string(),
  units: z.number(),
  revenue: z.number(),
});
export type TopProduct = z.infer<typeof topProductSchema>;

/** GET /api/admin/overview */
export const overviewSchema = z.object({
  currency: z.literal('INR'),
  /** Today in the shop's time zone, YYYY-MM-DD. */
  today: z.string(),
  days: z.array(salesSchema.extend({ date: z.string() })),
  months: z.array(salesSchema.extend({ month: z.string() })),
  last30Days: periodTotalsSchema,
  last12Months: periodTotalsSchema,
  /** Orders placed in the last 30 days, by revenue (less their refunds) and by units kept. */
  topByRevenue: z.array(topProductSchema),
  topByUnits: z.array(topProductSchema),
});
export type Overview = z.infer<typeof overviewSchema>;

export const thresholdField = z
  .number({ error: overviewMessages.invalidThreshold })
  .int({ error: overviewMessages.invalidThreshold })
  .min(0, { error: overviewMessages.invalidThreshold })
  .max(MAX_LOW_STOCK_THRESHOLD, { error: overviewMessages.invalidThreshold });

export const lowStockProductSchema = z.object({
  _id: z.string(),
  name: z.string(),
  countInStock: z.number(),
  /** The product's own threshold, or null when it follows the default. */
  threshold: z.number().nullable(),
});
export type LowStockProduct = z.infer<typeof lowStockProductSchema>;

/** GET /api/admin/low-stock */
export const lowStockSchema = z.object({
  defaultThreshold: z.number(),
  products: z.array(lowStockProductSchema),
});
export type LowStock = z.infer<typeof lowStockSchema>;

/** PUT /api/admin/settings/low-stock-threshold */
export const defaultThresholdInputSchema = z.object({ threshold: thresholdField });
/** PUT /api/admin/products/:id/low-stock-threshold: null goes back to the default. */
export const productThresholdInputSchema = z.object({ threshold: thresholdField.nullable() });

/** A day as YYYY-MM-DD, in the shop's time zone. */
const dayField = z
  .string({ error: overviewMessages.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: overviewMessages.invalidDate })
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    {
      error: overviewMessages.invalidDate,
    },
  );

/** GET /api/admin/export/orders.csv: both days included. */
export const orderExportQuerySchema = z
  .object({ from: dayField, to: dayField })
  .refine((q) => q.from <= q.to, { error: overviewMessages.dateRangeBackwards, path: ['to'] });

/** POST /api/admin/import/products */
export const productImportInputSchema = z.object({
  csv: z
    .string({ error: overviewMessages.importEmpty })
    .min(1, { error: overviewMessages.importEmpty })
    .max(MAX_IMPORT_BYTES, { error: overviewMessages.importTooLarge }),
  /** True: only say what would change. */
  dryRun: z.boolean({ error: overviewMessages.importDryRunInvalid }),
});

export const importChangeSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number(),
  action: z.enum(['create', 'update', 'unchanged']),
  id: z.string().nullable(),
  name: z.string(),
  /** The fields an update changes. */
  fields: z.array(z.string()),
});
export const importRejectionSchema = z.object({ line: z.number(), reason: z.string() });

export const importReportSchema = z.object({
  dryRun: z.boolean(),
  /** Whether the changes were written (never on a dry run, nor with a rejected row). */
  written: z.boolean(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  changes: z.array(importChangeSchema),
  rejected: z.array(importRejectionSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;
