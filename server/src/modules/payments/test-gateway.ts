import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/index.js';
import type { PaymentProvider, ProviderPayment, ProviderRefund } from './provider.js';
import { PaymentProviderRefusal } from './provider.js';
import { paymentSignature, signatureMatches } from './signatures.js';

export const TEST_KEY_ID = 'rzp_test_builtin';

export type TestGateway = PaymentProvider & {
  /** Takes a payment of this order and amount: recorded, and signed as Razorpay signs. */
  takePayment(input: { orderId: string; amountPaise: number; at: string }): Promise<{
    paymentId: string;
    signature: string;
  }>;
};

/**
 * The built-in test gateway: the same flow as Razorpay, offline. Orders get
 * Razorpay-like ids, payments are recorded and signed with a local secret
 * exactly as Razorpay signs them, so the rest of the checkout cannot tell the
 * difference. The secret and the payments live in the database so every
 * instance shares them.
 */
export async function createTestGateway(db: Db): Promise<TestGateway> {
  const secret = await loadOrCreateSecret(db);
  const fetchPayment = async (paymentId: string) => {
    const row = await db
      .selectFrom('test_gateway_payments')
      .selectAll()
      .where('id', '=', paymentId)
      .executeTakeFirst();
    return row ? toPayment(row) : null;
  };
  return {
    name: 'test',
    keyId: TEST_KEY_ID,
    async createOrder() {
      return { id: `order_test_${randomBytes(9).toString('hex')}` };
    },
    verifyPayment({ orderId, paymentId, signature }) {
      return signatureMatches(paymentSignature(secret, orderId, paymentId), signature);
    },
    fetchPayment,
    async paymentsOfOrder(orderId) {
      const rows = await db
        .selectFrom('test_gateway_payments')
        .selectAll()
        .where('provider_order_id', '=', orderId)
        .orderBy('created_at')
        .execute();
      return rows.map(toPayment);
    },
    async capturePayment(paymentId) {
      // Test payments are captured when taken; there is nothing left to capture.
      const payment = await fetchPayment(paymentId);
      if (!payment) throw new Error(`the test gateway took no payment ${paymentId}`);
      return payment;
    },
    // Refunds as Razorpay makes them: one per idempotency key, never more than
    // the payment less its earlier refunds; processed at once (no money moves).
    async refund({ paymentId, amountPaise, idempotencyKey, notes }) {
      return db.transaction().execute(async (trx) => {
        const earlier = await trx
          .selectFrom('test_gateway_refunds')
          .selectAll()
          .where('idempotency_key', '=', idempotencyKey)
          .executeTakeFirst();
        if (earlier) {
          if (earlier.payment_id !== paymentId || Number(earlier.amount_paise) !== amountPaise) {
            throw new PaymentProviderRefusal(
              'Different request with the same idempotency key has already been processed.',
            );
          }
          return toRefund(earlier);
        }
        const payment = await trx
          .selectFrom('test_gateway_payments')
          .select('amount_paise')
          .where('id', '=', paymentId)
          .executeTakeFirst();
        if (!payment) throw new PaymentProviderRefusal('The id provided does not exist');
        const done = await trx
          .selectFrom('test_gateway_refunds')
          .select((eb) => eb.fn.sum<number | string>('amount_paise').as('total'))
          .where('payment_id', '=', paymentId)
          .executeTakeFirst();
        if (Number(done?.total ?? 0) + amountPaise > Number(payment.amount_paise)) {
          throw new PaymentProviderRefusal('The refund amount provided is greater than amount captured');
        }
        const row = {
          id: `rfnd_test_${randomBytes(9).toString('hex')}`,
          payment_id: paymentId,
          amount_paise: amountPaise,
          idempotency_key: idempotencyKey,
          notes: JSON.stringify(notes),
          created_at: new Date().toISOString(),
        };
        await trx.insertInto('test_gateway_refunds').values(row).execute();
        return toRefund(row);
      });
    },
    async fetchRefund(refundId) {
      const row = await db
        .selectFrom('test_gateway_refunds')
        .selectAll()
        .where('id', '=', refundId)
        .executeTakeFirst();
      return row ? toRefund(row) : null;
    },
    async takePayment({ orderId, amountPaise, at }) {
      const paymentId = `pay_test_${randomBytes(9).toString('hex')}`;
      await db
        .insertInto('test_gateway_payments')
        .values({
          id: paymentId,
          provider_order_id: orderId,
          amount_paise: amountPaise,
          currency: 'INR',
          status: 'captured',
          created_at: at,
        })
        .execute();
      return { paymentId, signature: paymentSignature(secret, orderId, paymentId) };
    },
  };
}

function toPayment(row: {
  id: string;
  provider_order_id: string;
  amount_paise: number;
  currency: string;
  status: string;
}): ProviderPayment {
  return {
    id: row.id,
    orderId: row.provider_order_id,
    amountPaise: Number(row.amount_paise),
    currency: row.currency,
    status: row.status,
    method: 'card',
  };
}

function toRefund(row: { id: string; payment_id: string; amount_paise: number }): ProviderRefund {
  return {
    id: row.id,
    paymentId: row.payment_id,
    amountPaise: Number(row.amount_paise),
    status: 'processed',
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
