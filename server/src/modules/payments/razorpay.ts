import type { PaymentProvider, ProviderPayment, ProviderRefund } from './provider.js';
import { PaymentProviderError, PaymentProviderRefusal } from './provider.js';
import { paymentSignature, signatureMatches } from './signatures.js';

export type RazorpayOptions = { keyId: string; keySecret: string; apiBase: string; timeoutMs: number };

type RazorpayError = { error?: { description?: string } };

/**
 * Razorpay's Orders and Payments APIs (https://razorpay.com/docs/api/orders/,
 * https://razorpay.com/docs/api/payments/), at a configurable base URL.
 */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: object, headers: object = {}) {
    let response: Response;
    try {
      response = await fetch(`${options.apiBase}${path}`, {
        method,
        headers: {
          authorization: auth,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`Razorpay did not answer: ${(error as Error).message}`);
    }
    const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return { status: response.status, ok: response.ok, answer };
  }

  const refused = (what: string, status: number, answer: RazorpayError | null) =>
    new PaymentProviderError(
      `Razorpay refused ${what} (${status}): ${answer?.error?.description ?? 'no description'}`,
    );

  return {
    name: 'razorpay',
    keyId: options.keyId,
    async createOrder({ amountPaise, currency, receipt }) {
      const { status, ok, answer } = await call('POST', '/v1/orders', {
        amount: amountPaise,
        currency,
        receipt,
        payment_capture: 1,
      });
      if (!ok || typeof answer?.id !== 'string') throw refused('the order', status, answer);
      if (answer.amount !== amountPaise) {
        throw new PaymentProviderError(
          `Razorpay created an order for ${String(answer.amount)} paise, not ${amountPaise}`,
        );
      }
      return { id: answer.id };
    },
    verifyPayment({ orderId, paymentId, signature }) {
      return signatureMatches(paymentSignature(options.keySecret, orderId, paymentId), signature);
    },
    async fetchPayment(paymentId) {
      const { status, ok, answer } = await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
      // Razorpay answers an unknown id with 400 BAD_REQUEST_ERROR (404 for a malformed path).
      if (status === 400 || status === 404) return null;
      const payment = ok ? toPayment(answer) : null;
      if (!payment) throw refused('the payment look-up', status, answer);
      return payment;
    },
    // https://razorpay.com/docs/api/orders/fetch-payments/
    async paymentsOfOrder(orderId) {
      const { status, ok, answer } = await call('GET', `/v1/orders/${encodeURIComponent(orderId)}/payments`);
      const items = ok && Array.isArray(answer?.items) ? (answer.items as Record<string, unknown>[]) : null;
      const payments = items?.map(toPayment);
      if (!payments || payments.some((payment) => payment === null))
        throw refused("the order's payments", status, answer);
      return payments as ProviderPayment[];
    },
    async capturePayment(paymentId, amountPaise) {
      const { status, ok, answer } = await call(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/capture`,
        { amount: amountPaise, currency: 'INR' },
      );
      const payment = ok ? toPayment(answer) : null;
      if (!payment) throw refused('the capture', status, answer);
      return payment;
    },
    // https://razorpay.com/docs/api/refunds/normal-refunds-idempotent/
    async refund({ paymentId, amountPaise, idempotencyKey, notes }) {
      const { status, ok, answer } = await call(
        'POST',
        `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
        { amount: amountPaise, speed: 'normal', notes },
        { 'x-refund-idempotency': idempotencyKey },
      );
      const refund = ok ? toRefund(answer) : null;
      if (refund) return refund;
      // 409: the same key is still being worked on there; asking again later is safe.
      if (status >= 400 && status < 500 && status !== 409 && status !== 429) {
        throw new PaymentProviderRefusal(
          (answer as RazorpayError | null)?.error?.description ?? `refused (${status})`,
        );
      }
      throw refused('the refund', status, answer);
    },
    async fetchRefund(refundId) {
      const { status, ok, answer } = await call('GET', `/v1/refunds/${encodeURIComponent(refundId)}`);
      if (status === 400 || status === 404) return null;
      const refund = ok ? toRefund(answer) : null;
      if (!refund) throw refused('the refund look-up', status, answer);
      return refund;
    },
  };
}

function toRefund(answer: Record<string, unknown> | null): ProviderRefund | null {
  if (!answer || typeof answer.id !== 'string' || typeof answer.amount !== 'number') return null;
  const status = answer.status;
  if (status !== 'pending' && status !== 'processed' && status !== 'failed') return null;
  return {
    id: answer.id,
    paymentId: typeof answer.payment_id === 'string' ? answer.payment_id : '',
    amountPaise: answer.amount,
    status,
  };
}

function toPayment(answer: Record<string, unknown> | null): ProviderPayment | null {
  if (!answer || typeof answer.id !== 'string' || typeof answer.amount !== 'number') return null;
  return {
    id: answer.id,
    orderId: typeof answer.order_id === 'string' ? answer.order_id : null,
    amountPaise: answer.amount,
    currency: typeof answer.currency === 'string' ? answer.currency : '',
    status: typeof answer.status === 'string' ? answer.status : '',
    method: typeof answer.method === 'string' ? answer.method : '',
  };
}
