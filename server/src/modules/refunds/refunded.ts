import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Paise refunded or on their way of one payment or one order: every refund but the failed. */
export async function refundedPaise(
  trx: Kysely<Database>,
  of: 'payment_id' | 'order_id',
  id: string,
): Promise<number> {
  const row = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.sum<number | string>('amount_paise').as('total'))
    .where(of, '=', id)
    .where('status', '!=', 'failed')
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}
