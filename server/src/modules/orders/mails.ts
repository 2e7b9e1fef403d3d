import { formatRupees, ORDER_STATUS_TEXT, orderMessages, paiseToRupees, type Order } from '@shop/shared';
import type { Config } from '../../config.js';
import type { Mail } from '../../lib/mailer.js';

/** The shop's name for mails: MAIL_FROM's display name ("The Shop <no-reply@...>"). */
export function shopName(config: Pick<Config, 'mailFrom'>): string {
  const named = /^\s*"?([^"<]+?)"?\s*</.exec(config.mailFrom);
  return named?.[1]?.trim() || 'The Shop';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Line = { name: string; quantity: number; amountPaise: number };
const linesOf = (orders: Order[]): Line[] =>
  orders.map((o) => ({
    name: o.orderItem.name,
    quantity: o.orderItem.quantity,
    amountPaise: Math.round(o.paymentDetails.orderAmount * 100),
  }));
const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

/**
 * One mail in two parts, plain and HTML, from the same pieces: a greeting,
 * paragraphs, the items with their INR amounts and a total, and a link.
 * Every value is escaped in the HTML part: names and addresses are typed by customers.
 */
export function composeMail(
  config: Pick<Config, 'mailFrom' | 'publicUrl'>,
  input: {
    to: string;
    subject: string;
    greeting: string;
    paragraphs: string[];
    lines: Line[];
    totalLabel: string;
    totalPaise: number;
    link: { label: string; path: string };
  },
): Mail {
  const shop = shopName(config);
  const url = `${config.publicUrl}${input.link.path}`;
  const text = [
    input.greeting,
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    ...input.lines.map((l) => `- ${l.name} x ${l.quantity}: ${rupees(l.amountPaise)}`),
    '',
    `${input.totalLabel}: ${rupees(input.totalPaise)}`,
    '',
    `${input.link.label}: ${url}`,
    '',
    shop,
  ].join('\n');
  const rows = input.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}</td><td style="text-align:right">${l.quantity}</td><td style="text-align:right">${escapeHtml(rupees(l.amountPaise))}</td></tr>`,
    )
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#0f172a">',
    `<h1 style="font-size:20px">${escapeHtml(shop)}</h1>`,
    `<p>${escapeHtml(input.greeting)}</p>`,
    ...input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    '<table cellpadding="6" style="border-collapse:collapse">',
    '<thead><tr><th style="text-align:left">Item</th><th>Qty</th><th>Amount</th></tr></thead>',
    `<tbody>${rows}</tbody>`,
    `<tfoot><tr><th style="text-align:left" colspan="2">${escapeHtml(input.totalLabel)}</th><th style="text-align:right">${escapeHtml(rupees(input.totalPaise))}</th></tr></tfoot>`,
    '</table>',
    `<p><a href="${escapeHtml(url)}">${escapeHtml(input.link.label)}</a></p>`,
    '</body></html>',
  ].join('');
  return { to: input.to, subject: `${input.subject} - ${shop}`, text, html };
}

type Customer = { name: string; email: string };

/**
 * A cancelled order's refund in paise: what this cancellation refunds (what
 * was left of the order) and what the owner had refunded of it before.
 */
export type CancelRefund = { nowPaise: number; beforePaise: number };

/** The sentence on the refund of a cancelled order: it promises only what is still to come. */
function cancelRefundText({ nowPaise, beforePaise }: CancelRefund): string {
  if (nowPaise === 0) return 'What you paid for it has already been refunded.';
  const later = 'we will write again when the refund is processed.';
  if (beforePaise === 0) return `What you paid for it is being refunded to the way you paid; ${later}`;
  return `${rupees(beforePaise)} of what you paid for it was refunded before; the rest is being refunded to the way you paid, and ${later}`;
}

/** To the customer when their order ships, is delivered or is cancelled. */
export function statusMail(
  config: Config,
  customer: Customer,
  order: Order,
  reason: string,
  refund: CancelRefund,
): Mail | null {
  const lines = linesOf([order]);
  const total = lines[0]!.amountPaise;
  const link = { label: 'See your order', path: `/orderSummary/${order._id}` };
  const base = { to: customer.email, greeting: `Hello ${customer.name},`, lines, totalPaise: total, link };
  switch (order.status) {
    case 'shipped': {
      const s = order.shipment!;
      return composeMail(config, {
        ...base,
        subject: orderMessages.mailShipped,
        paragraphs: [
          `${ORDER_STATUS_TEXT.shipped}: your order ${order._id} is on its way with ${s.carrier}.`,
          `${orderMessages.trackingDetails}: ${s.trackingNumber}${s.trackingUrl ? ` (${s.trackingUrl})` : ''}`,
        ],
        totalLabel: 'Order total',
      });
    }
    case 'delivered':
      return composeMail(config, {
        ...base,
        subject: orderMessages.mailDelivered,
        paragraphs: [`${ORDER_STATUS_TEXT.delivered}: your order ${order._id} has been delivered.`],
        totalLabel: 'Order total',
      });
    case 'cancelled':
      return composeMail(config, {
        ...base,
        subject: orderMessages.mailCancelled,
        paragraphs: [
          `${ORDER_STATUS_TEXT.cancelled}: your order ${order._id} is cancelled${reason ? ` (${reason})` : ''}.`,
          cancelRefundText(refund),
        ],
        totalLabel: 'To be refunded',
        totalPaise: refund.nowPaise,
      });
    default:
      return null;
  }
}

/** To the customer when the owner corrects the carrier or tracking of their shipped order. */
export function trackingMail(config: Config, customer: Customer, order: Order): Mail {
  const lines = linesOf([order]);
  const s = order.shipment!;
  return composeMail(config, {
    to: customer.email,
    subject: orderMessages.mailTrackingUpdated,
    greeting: `Hello ${customer.name},`,
    paragraphs: [
      `The tracking details of your order ${order._id} have changed: it is on its way with ${s.carrier}.`,
      `${orderMessages.trackingDetails}: ${s.trackingNumber}${s.trackingUrl ? ` (${s.trackingUrl})` : ''}`,
    ],
    lines,
    totalLabel: 'Order total',
    totalPaise: lines[0]!.amountPaise,
    link: { label: 'See your order', path: `/orderSummary/${order._id}` },
  });
}

/** To the customer once a refund is processed; `secondPayment`: of a payment for orders already paid. */
export function refundedMail(
  config: Config,
  customer: Customer,
  orders: Order[],
  amountPaise: number,
  paymentId: string,
  secondPayment = false,
): Mail {
  return composeMail(config, {
    to: customer.email,
    subject: orderMessages.mailRefunded,
    greeting: `Hello ${customer.name},`,
    paragraphs: [
      ...(secondPayment ? [orderMessages.secondPaymentRefunded] : []),
      `${orderMessages.refunded}: ${rupees(amountPaise)} of your payment ${paymentId} has been refunded. Banks take up to 5-7 working days to show it.`,
    ],
    lines: linesOf(orders),
    totalLabel: 'Refunded',
    totalPaise: amountPaise,
    link: { label: 'See your orders', path: '/orders' },
  });
}

/** To the owner for each new paid checkout. */
export function ownerNewOrderMail(config: Config, to: string, buyer: Customer, orders: Order[]): Mail {
  const lines = linesOf(orders);
  return composeMail(config, {
    to,
    subject: orderMessages.mailOwnerNewOrder,
    greeting: 'Hello,',
    paragraphs: [
      `${buyer.name} (${buyer.email}) paid for ${orders.length === 1 ? 'an order' : `${orders.length} orders`}; payment ${orders[0]?.paymentDetails.transactionId ?? ''}.`,
    ],
    lines,
    totalLabel: 'Total paid',
    totalPaise: lines.reduce((sum, l) => sum + l.amountPaise, 0),
    link: { label: 'Open the order', path: `/admin/orderList/${orders[0]?._id ?? ''}` },
  });
}

/** To the owner when the provider refuses a refund. */
export function ownerRefundFailedMail(
  config: Config,
  to: string,
  refund: { amountPaise: number; paymentId: string; reason: string; orderId: string | null },
  orders: Order[],
): Mail {
  return composeMail(config, {
    to,
    subject: orderMessages.mailOwnerRefundFailed,
    greeting: 'Hello,',
    paragraphs: [
      `${orderMessages.refundFailed}: ${rupees(refund.amountPaise)} of payment ${refund.paymentId}.`,
      `Reason: ${refund.reason}`,
      'It stays in the refund queue of the admin panel, where it can be retried.',
    ],
    lines: linesOf(orders),
    totalLabel: 'Refund',
    totalPaise: refund.amountPaise,
    link: {
      label: 'Open the admin panel',
      path: refund.orderId ? `/admin/orderList/${refund.orderId}` : '/admin/orderList',
    },
  });
}
