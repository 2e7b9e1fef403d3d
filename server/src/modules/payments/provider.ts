/** What the checkout needs from a card payment provider. */
export type PaymentProvider = {
  name: 'razorpay' | 'test';
  /** The public key id the card window is opened with. */
  keyId: string;
  /** Creates the provider's order for this amount; answers its id. */
  createOrder(input: { amountPaise: number; currency: 'INR'; receipt: string }): Promise<{ id: string }>;
  /** Whether the card window's signature over order id and payment id is genuine. */
  verifyPayment(input: { orderId: string; paymentId: string; signature: string }): boolean;
};

/** The provider failed or did not answer in time; nothing was charged. */
export class PaymentProviderError extends Error {}
