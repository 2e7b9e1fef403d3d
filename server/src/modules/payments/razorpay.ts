import type { PaymentProvider } from './provider.js';
import { PaymentProviderError } from './provider.js';
import { paymentSignature, signatureMatches } from './signatures.js';

export type RazorpayOptions = { keyId: string; keySecret: string; apiBase: string; timeoutMs: number };

/** Razorpay's Orders API (https://razorpay.com/docs/api/orders/), at a configurable base URL. */
export function createRazorpayProvider(options: RazorpayOptions): PaymentProvider {
  const auth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`;
  return {
    name: 'razorpay',
    keyId: options.keyId,
    async createOrder({ amountPaise, currency, receipt }) {
      let response: Response;
      try {
        response = await fetch(`${options.apiBase}/v1/orders`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: amountPaise, currency, receipt, payment_capture: 1 }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        throw new PaymentProviderError(`Razorpay did not answer: ${(error as Error).message}`);
      }
      const body = (await response.json().catch(() => null)) as {
        id?: unknown;
        amount?: unknown;
        error?: { description?: string };
      } | null;
      if (!response.ok || typeof body?.id !== 'string') {
        throw new PaymentProviderError(
          `Razorpay refused the order (${response.status}): ${body?.error?.description ?? 'no description'}`,
        );
      }
      if (body.amount !== amountPaise) {
        throw new PaymentProviderError(
          `Razorpay created an order for ${String(body.amount)} paise, not ${amountPaise}`,
        );
      }
      return { id: body.id };
    },
    verifyPayment({ orderId, paymentId, signature }) {
      return signatureMatches(paymentSignature(options.keySecret, orderId, paymentId), signature);
    },
  };
}
