import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { PaymentProvider } from './provider.js';
import { paymentSignature, signatureMatches } from './signatures.js';

export const TEST_KEY_ID = 'rzp_test_builtin';

/**
 * The built-in test gateway: the same flow as Razorpay, offline. Orders get
 * Razorpay-like ids and payments are signed with a local secret exactly as
 * Razorpay signs them, so the rest of the checkout cannot tell the difference.
 * The secret lives in the database so every instance shares it.
 */
export async function createTestGateway(
  db: Db,
): Promise<PaymentProvider & { sign(orderId: string, paymentId: string): string }> {
  const secret = await loadOrCreateSecret(db);
  return {
    name: 'test',
    keyId: TEST_KEY_ID,
    async createOrder() {
      return { id: `order_test_${randomBytes(9).toString('hex')}` };
    },
    verifyPayment({ orderId, paymentId, signature }) {
      return signatureMatches(paymentSignature(secret, orderId, paymentId), signature);
    },
    sign(orderId, paymentId) {
      return paymentSignature(secret, orderId, paymentId);
    },
  };
}

async function loadOrCreateSecret(db: Db): Promise<string> {
  await db
    .insertInto('app_settings')
    .values({ key: 'test_gateway_secret', value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'test_gateway_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}
