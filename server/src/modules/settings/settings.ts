import { DEFAULT_LOW_STOCK_THRESHOLD } from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The owner's settings, one row each in shop_settings (migration 0019). Each
 * key names its default, used when the row is missing, and how its text reads.
 */
const SETTINGS = {
  low_stock_threshold: { fallback: DEFAULT_LOW_STOCK_THRESHOLD, read: (text: string) => Number(text) },
} as const;

export type SettingKey = keyof typeof SETTINGS;
type Value<K extends SettingKey> = ReturnType<(typeof SETTINGS)[K]['read']>;

export async function readSetting<K extends SettingKey>(db: Kysely<Database>, key: K): Promise<Value<K>> {
  const row = await db.selectFrom('shop_settings').select('value').where('key', '=', key).executeTakeFirst();
  const setting = SETTINGS[key];
  return (row ? setting.read(row.value) : setting.fallback) as Value<K>;
}

/** Pass the caller's transaction when the change belongs with others (an audit entry). */
export async function writeSetting<K extends SettingKey>(
  db: Kysely<Database>,
  key: K,
  value: Value<K>,
): Promise<void> {
  await db
    .insertInto('shop_settings')
    .values({ key, value: String(value) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: String(value) }))
    .execute();
}
