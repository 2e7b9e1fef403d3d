/** What a card window hands back after a successful payment (Razorpay's field names). */
export type PaymentResult = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};
