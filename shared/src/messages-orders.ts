import type { OrderStatus } from './schemas/order.js';

/** The status text of each order state. 'Order Placed' and 'Order Delivered' are the spec's (section 4). */
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = {
  placed: 'Order Placed',
  shipped: 'Order Shipped',
  delivered: 'Order Delivered',
  cancelled: 'Order Cancelled',
  returned: 'Order Returned',
};

/** Texts of shipping, cancelling, returning and refunding orders: answers, screens and mails. */
export const orderMessages = {
  refunded: 'Refunded',
  refundPending: 'Refund in progress',
  refundFailed: 'Refund failed',
  orderCannotMove: (from: string, to: string) => `An order that is '${from}' cannot become '${to}'`,
  cannotCancelShipped: 'This order has shipped and can no longer be cancelled here. Please contact the shop.',
  cannotCancelDelivered:
    'This order has been delivered and can no longer be cancelled. To send it back, please contact the shop.',
  cannotCancelReturned:
    'This order has been returned and can no longer be cancelled. Its refund is shown with the order.',
  orderShippedDone: 'Order marked shipped',
  trackingUpdatedDone: 'Tracking details updated',
  correctTracking: 'Correct tracking',
  orderCancelledDone: 'Order cancelled',
  orderReturnedDone: 'Order marked returned',
  refundRequested: 'Refund requested',
  refundNothingLeft: 'Nothing is left to refund on this payment',
  secondPaymentRefunded: 'This order was already paid: your second payment is refunded in full.',
  refundTooMuch: (most: string) => `At most ${most} can still be refunded`,
  refundNotFound: 'Refund not found',
  refundNotRetryable: 'Only a failed or unanswered refund can be retried',
  refundProviderFailed:
    'The payment service did not answer. The refund is recorded and will be sent again; nothing is refunded twice.',
  carrierRequired: 'Carrier is required',
  trackingNumberRequired: 'Tracking number is required',
  trackingUrlInvalid: 'Tracking URL must be an http(s) URL',
  reasonRequired: 'Please give a reason',
  resaleableRequired: 'Say whether the goods can be sold again',
  noteInvalid: 'The note must be a text of at most 500 characters',
  invalidRefundAmount: 'Refund amount must be a positive amount in rupees with at most two decimals',
  cancelOrderQuestion: 'Cancel this order? The payment will be refunded to you.',
  confirmCancelRefund: "Cancel this order and refund its payment to the customer? This can't be undone.",
  confirmReturnRefund:
    "Mark this order returned and refund what is left of its payment to the customer? This can't be undone.",
  confirmRefund: (amount: string) => `Refund ${amount} to the customer? This can't be undone.`,
  cancelOrder: 'Cancel order',
  keepOrder: 'Keep order',
  orderCancelledByYou: 'Your order is cancelled. The refund is on its way.',
  trackingDetails: 'Tracking',
  checkoutTotal: 'Checkout total',
  sameCheckout: 'Ordered together',
  statusHistory: 'Status history',
  // Mail subjects
  mailShipped: 'Your order has shipped',
  mailTrackingUpdated: 'Your tracking details have changed',
  mailDelivered: 'Your order is delivered',
  mailCancelled: 'Your order is cancelled',
  mailRefunded: 'Your refund is processed',
  mailOwnerNewOrder: 'New paid order',
  mailOwnerRefundFailed: 'A refund failed',
};
