import { gstSettingsSchema, type GstSettings } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

const KEY = 'gst';

/** A shop that never set GST up: off, blank. */
export const GST_OFF: GstSettings = {
  enabled: false,
  legalName: '',
  address: '',
  stateCode: '',
  gstin: '',
  invoicePrefix: '',
};

/** The owner's GST settings (one app_settings row, JSON), read where a sale or a document needs them. */
export async function readGstSettings(db: Kysely<Database>): Promise<GstSettings> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
  if (!row) return GST_OFF;
  const parsed = gstSettingsSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : GST_OFF;
}

export async function writeGstSettings(db: Kysely<Database>, settings: GstSettings): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insertInto('app_settings')
    .values({ key: KEY, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
