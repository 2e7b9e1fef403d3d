/** A payment as the provider itself records it: read with the secret key, never taken from the client. */
export type ProviderPayment = {
  id: string;
  /** The provider order it pays; null for a payment made outside an order. */
  orderId: string | null;
  amountPaise: number;
  currency: string;
  /** Razorpay's payment states: created, authorized, captured, refunded, failed. */
  status: string;
  /** card, upi, netbanking, wallet...; '' when the provider did not say. */
  method: string;
};

/** A refund as the provider records it. */
export type ProviderRefund = {
  id: string;
  paymentId: string;
  amountPaise: number;
  status: 'pending' | 'processed' | 'failed';
};

/** What the checkout needs from a card payment provider. */
export type PaymentProvider = {
  name: 'razorpay' | 'test';
  /** The public key id the card window is opened with. */
  keyId: string;
  /** Creates the provider's order for this amount; answers its id. */
  createOrder(input: { amountPaise: number; currency: 'INR'; receipt: string }): Promise<{ id: string }>;
  /** Whether the card window's signature over order id and payment id is genuine. */
  verifyPayment(input: { orderId: string; paymentId: string; signature: string }): boolean;
  /** The provider's record of a payment; null when it knows no such payment. */
  fetchPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** Every payment attempt made on one of the provider's orders, as the provider records it. */
  paymentsOfOrder(orderId: string): Promise<ProviderPayment[]>;
  /** Captures an authorized payment of exactly this amount; answers the payment as it now is. */
  capturePayment(paymentId: string, amountPaise: number): Promise<ProviderPayment>;
  /**
   * Refunds part or all of a captured payment. The same idempotency key with
   * the same amount answers the same refund, never a second one.
   */
  refund(input: {
    paymentId: string;
    amountPaise: number;
    idempotencyKey: string;
    notes: Record<string, string>;
  }): Promise<ProviderRefund>;
  /** The provider's record of a refund; null when it knows none by that id. */
  fetchRefund(refundId: string): Promise<ProviderRefund | null>;
};

/** The provider failed or did not answer in time; nothing was charged. */
export class PaymentProviderError extends Error {}

/** The provider answered and said no (a 4xx other than 409): asking again the same way will not help. */
export class PaymentProviderRefusal extends PaymentProviderError {}
