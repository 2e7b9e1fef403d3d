import { createHmac, randomInt } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

/**
 * A local stand-in for Razorpay's Orders and Payments APIs
 * (https://razorpay.com/docs/api/orders/create/, https://razorpay.com/docs/api/payments/fetch-with-id/):
 * a real HTTP server on loopback, so the shop's adapter goes through fetch,
 * sockets, Basic auth and JSON exactly as it would against api.razorpay.com.
 * It keeps every request for assertions and can be told to fail, answer
 * slowly or drop connections.
 */

export type StandinRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  /** The X-Refund-Idempotency header, when sent. */
  idempotencyKey: string | undefined;
  /** The parsed JSON body; the raw text when it was not JSON; undefined when empty. */
  body: unknown;
};

export type RazorpayOrder = {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: unknown;
  created_at: number;
};

export type RazorpayRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: unknown;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
};

export type RazorpayPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  method: 'card';
  amount_refunded: number;
  refund_status?: 'partial' | 'full' | null;
  captured: boolean;
  email: string;
  contact: string;
  fee: number | null;
  created_at: number;
};

type Answer = { status: number; body: unknown };

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Razorpay's ids: a prefix and 14 alphanumerics, e.g. order_DBJOWzybf0sJbb. */
export function razorpayId(prefix: 'order' | 'pay' | 'evt' | 'acc' | 'rfnd'): string {
  let id = '';
  for (let i = 0; i < 14; i += 1) id += BASE62[randomInt(BASE62.length)];
  return `${prefix}_${id}`;
}

const unixNow = () => Math.floor(Date.now() / 1000);
const badRequest = (description: string, field?: string): Answer => ({
  status: 400,
  body: { error: { code: 'BAD_REQUEST_ERROR', description, ...(field ? { field } : {}) } },
});
// Fields Razorpay's create-order call accepts; anything else is refused as it refuses it.
const ORDER_FIELDS = new Set([
  'amount',
  'currency',
  'receipt',
  'notes',
  'payment_capture',
  'partial_payment',
  'first_payment_min_amount',
]);

export class RazorpayStandin {
  /** Every request received, in order. */
  readonly requests: StandinRequest[] = [];
  /** The orders created, by id (what GET /v1/orders/:id answers). */
  readonly orders = new Map<string, RazorpayOrder>();
  /** The payments made in the checkout window, by id (what GET /v1/payments/:id answers). */
  readonly payments = new Map<string, RazorpayPayment>();
  /** The refunds made, by id (what GET /v1/refunds/:id answers). */
  readonly refunds = new Map<string, RazorpayRefund>();
  /** The state a new refund starts in ('processed' as a normal refund often is at once, or 'pending'). */
  newRefundStatus: 'pending' | 'processed' = 'processed';
  private readonly refundKeys = new Map<string, { refundId: string; body: string }>();
  /** Answer every request this many milliseconds late. */
  delayMs = 0;
  /** Destroy the socket of every request instead of answering. */
  closeConnections = false;

  private failure: { status: number; description: string } | undefined;
  private readonly sockets = new Set<net.Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly server: http.Server;
  private port = 0;

  constructor(
    readonly keyId: string,
    readonly keySecret: string,
  ) {
    this.server = http.createServer((req, res) => this.receive(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The next request (whatever it is) gets this status and a Razorpay error body. */
  failNext(status: number, description: string): void {
    this.failure = { status, description };
  }

  /** The requests to create an order, the ones the shop's adapter sends. */
  orderRequests(): StandinRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === '/v1/orders');
  }

  /** The requests to create a refund. */
  refundRequests(): StandinRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/refund'));
  }

  /** Razorpay finished (or gave up on) a refund, as its refund.processed / refund.failed would say. */
  finishRefund(refundId: string, status: 'processed' | 'failed'): RazorpayRefund {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`the stand-in has no refund ${refundId}`);
    if (status === 'failed' && refund.status !== 'failed') {
      const payment = this.payments.get(refund.payment_id)!;
      payment.amount_refunded -= refund.amount;
    }
    refund.status = status;
    return refund;
  }

  /** Back to a well-behaved server with no history, between tests. */
  reset(): void {
    this.newRefundStatus = 'processed';
    this.requests.length = 0;
    this.delayMs = 0;
    this.closeConnections = false;
    this.failure = undefined;
  }

  /**
   * A customer pays `orderId` in Razorpay's checkout window: the payment is
   * recorded (captured, as with payment_capture 1, or only authorized) and the
   * window's result, signed as Razorpay signs it, is returned. `amount` pays a
   * different amount than the order's, as a tampered window would.
   */
  pay(
    orderId: string,
    options: { status?: 'authorized' | 'captured' | 'failed'; amount?: number; paymentId?: string } = {},
  ): CheckoutResult {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`the stand-in has no order ${orderId}`);
    const status = options.status ?? 'captured';
    const payment: RazorpayPayment = {
      id: options.paymentId ?? razorpayId('pay'),
      entity: 'payment',
      amount: options.amount ?? order.amount,
      currency: order.currency,
      status,
      order_id: orderId,
      method: 'card',
      amount_refunded: 0,
      captured: status === 'captured',
      email: 'void@razorpay.com',
      contact: '+919999999999',
      fee: status === 'captured' ? Math.round(order.amount * 0.02) : null,
      created_at: unixNow(),
    };
    this.payments.set(payment.id, payment);
    if (status === 'captured') this.markPaid(orderId);
    return checkoutResult(orderId, this.keySecret, payment.id);
  }

  /** The requests that read or capture a payment, the ones cartDetail sends. */
  paymentRequests(): StandinRequest[] {
    return this.requests.filter((r) => r.path.startsWith('/v1/payments/'));
  }

  /** Razorpay's checkout took the money: the order is paid, as GET /v1/orders/:id would show. */
  markPaid(orderId: string): RazorpayOrder {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`the stand-in has no order ${orderId}`);
    Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
    order.attempts += 1;
    return order;
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }

  /** Stops listening and drops every connection (keep-alive ones too): later calls are refused. */
  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  private receive(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw === '' ? undefined : raw;
      try {
        if (raw !== '') body = JSON.parse(raw) as unknown;
      } catch {
        // Kept as text: the answer below says it is not JSON.
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const key = req.headers['x-refund-idempotency'];
      this.requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        body,
      });
      if (this.closeConnections) {
        req.socket.destroy();
        return;
      }
      // Decided now, sent later: a slow Razorpay has still done the work.
      const answer = this.answer(req.method ?? '', path, req.headers, raw, body);
      const send = () => {
        if (res.destroyed || req.socket.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(answer.body));
      };
      if (this.delayMs <= 0) return send();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        send();
      }, this.delayMs);
      this.timers.add(timer);
    });
  }

  private answer(
    method: string,
    path: string,
    headers: http.IncomingHttpHeaders,
    raw: string,
    body: unknown,
  ): Answer {
    if (this.failure) {
      const { status, description } = this.failure;
      this.failure = undefined;
      const code = status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR';
      return { status, body: { error: { code, description } } };
    }
    if (!this.authenticated(headers.authorization)) {
      return {
        status: 401,
        body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } },
      };
    }
    if (method === 'POST' && path === '/v1/orders') return this.createOrder(raw, body);
    const found = /^\/v1\/orders\/([^/]+)$/.exec(path);
    if (method === 'GET' && found) {
      const order = this.orders.get(decodeURIComponent(found[1]!));
      return order ? { status: 200, body: order } : badRequest('The id provided does not exist');
    }
    const ofOrder = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
    if (method === 'GET' && ofOrder) {
      const orderId = decodeURIComponent(ofOrder[1]!);
      if (!this.orders.has(orderId)) return badRequest('The id provided does not exist');
      const items = [...this.payments.values()].filter((p) => p.order_id === orderId);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    const payment = /^\/v1\/payments\/([^/]+)(\/capture|\/refund)?$/.exec(path);
    if (payment && method === 'GET' && !payment[2]) {
      const found = this.payments.get(decodeURIComponent(payment[1]!));
      return found ? { status: 200, body: found } : badRequest('The id provided does not exist');
    }
    if (payment && method === 'POST' && payment[2] === '/capture')
      return this.capture(decodeURIComponent(payment[1]!), body);
    if (payment && method === 'POST' && payment[2] === '/refund') {
      const key = headers['x-refund-idempotency'];
      return this.refund(
        decodeURIComponent(payment[1]!),
        raw,
        body,
        typeof key === 'string' ? key : undefined,
      );
    }
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (refund && method === 'GET') {
      const found = this.refunds.get(decodeURIComponent(refund[1]!));
      return found ? { status: 200, body: found } : badRequest('The id provided does not exist');
    }
    return badRequest('The requested URL was not found on the server.');
  }

  private authenticated(header: string | undefined): boolean {
    const [scheme, encoded] = (header ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'basic' || !encoded) return false;
    return Buffer.from(encoded, 'base64').toString('utf8') === `${this.keyId}:${this.keySecret}`;
  }

  /** POST /v1/payments/:id/capture (https://razorpay.com/docs/api/payments/capture/). */
  private capture(paymentId: string, body: unknown): Answer {
    const payment = this.payments.get(paymentId);
    if (!payment) return badRequest('The id provided does not exist');
    const { amount, currency } = (body ?? {}) as { amount?: unknown; currency?: unknown };
    if (payment.status === 'captured') return badRequest('This payment has already been captured');
    if (payment.status !== 'authorized') {
      return badRequest('Only payments which have been authorized and not yet captured can be captured');
    }
    if (amount !== payment.amount) {
      return badRequest('Capture amount must be equal to the amount authorized', 'amount');
    }
    if (currency !== payment.currency)
      return badRequest('The requested currency is not supported.', 'currency');
    Object.assign(payment, { status: 'captured', captured: true, fee: Math.round(payment.amount * 0.02) });
    this.markPaid(payment.order_id);
    return { status: 200, body: payment };
  }

  /**
   * POST /v1/payments/:id/refund (https://razorpay.com/docs/api/refunds/create-normal/), idempotent
   * with X-Refund-Idempotency (https://razorpay.com/docs/api/refunds/normal-refunds-idempotent/):
   * the same key and body answer the refund already made; the same key with another body is refused.
   */
  private refund(paymentId: string, raw: string, body: unknown, key: string | undefined): Answer {
    if (key !== undefined) {
      if (!/^[\w-]{10,}$/.test(key)) return badRequest('The idempotency key is invalid');
      const earlier = this.refundKeys.get(key);
      if (earlier) {
        if (earlier.body !== raw) {
          return badRequest('Different request with the same idempotency key has already been processed.');
        }
        return { status: 200, body: this.refunds.get(earlier.refundId) };
      }
    }
    const payment = this.payments.get(paymentId);
    if (!payment) return badRequest('The id provided does not exist');
    if (payment.status !== 'captured' && payment.status !== 'refunded') {
      return badRequest('The payment has not been captured yet.');
    }
    const input = (body ?? {}) as { amount?: unknown; notes?: unknown; receipt?: unknown };
    const left = payment.amount - payment.amount_refunded;
    if (left <= 0) return badRequest('The payment has been fully refunded already');
    const amount = input.amount === undefined ? left : input.amount;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
      return badRequest('The amount must be at least INR 1.00', 'amount');
    }
    if (amount > left)
      return badRequest('The refund amount provided is greater than amount captured', 'amount');
    const refund: RazorpayRefund = {
      id: razorpayId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: paymentId,
      notes: input.notes ?? [],
      receipt: typeof input.receipt === 'string' ? input.receipt : null,
      acquirer_data: { arn: null },
      created_at: unixNow(),
      batch_id: null,
      status: this.newRefundStatus,
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    this.refunds.set(refund.id, refund);
    if (key !== undefined) this.refundKeys.set(key, { refundId: refund.id, body: raw });
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
    return { status: 200, body: refund };
  }

  private createOrder(raw: string, body: unknown): Answer {
    if (raw !== '' && typeof body === 'string') return badRequest('The request body is not valid JSON');
    const input = (body ?? {}) as Record<string, unknown>;
    if (typeof input !== 'object' || Array.isArray(input)) return badRequest('The request body is not valid');
    const extra = Object.keys(input).find((k) => !ORDER_FIELDS.has(k));
    if (extra) return badRequest(`${extra} is/are not required and should not be sent`, extra);
    const { amount, currency, receipt, payment_capture: capture } = input;
    if (amount === undefined) return badRequest('The amount field is required.', 'amount');
    if (typeof amount !== 'number' || !Number.isInteger(amount)) {
      return badRequest('The amount must be an integer.', 'amount');
    }
    if (amount < 100) return badRequest('Order amount less than minimum amount allowed', 'amount');
    if (currency === undefined) return badRequest('The currency field is required.', 'currency');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
      return badRequest('The requested currency is not supported.', 'currency');
    }
    if (receipt !== undefined && (typeof receipt !== 'string' || receipt.length > 40)) {
      return badRequest('receipt: the length must be no more than 40.', 'receipt');
    }
    if (receipt !== undefined && [...this.orders.values()].some((o) => o.receipt === receipt)) {
      return badRequest('Order receipt should be unique.', 'receipt');
    }
    if (capture !== undefined && ![0, 1, true, false].includes(capture as number | boolean)) {
      return badRequest('The payment capture field is invalid.', 'payment_capture');
    }
    const order: RazorpayOrder = {
      id: razorpayId('order'),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt: (receipt as string | undefined) ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: input.notes ?? [],
      created_at: unixNow(),
    };
    this.orders.set(order.id, order);
    return { status: 200, body: order };
  }
}

export async function startRazorpayStandin(keys: { keyId: string; keySecret: string }) {
  return new RazorpayStandin(keys.keyId, keys.keySecret).listen();
}

const hmacHex = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('hex');

/** What Razorpay's checkout hands the browser after a successful payment. */
export type CheckoutResult = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

/** A payment of `orderId` as Razorpay's checkout reports it, signed with `keySecret`. */
export function checkoutResult(
  orderId: string,
  keySecret: string,
  paymentId = razorpayId('pay'),
): CheckoutResult {
  return {
    razorpay_payment_id: paymentId,
    razorpay_order_id: orderId,
    razorpay_signature: hmacHex(keySecret, `${orderId}|${paymentId}`),
  };
}

export type WebhookEventName = 'payment.captured' | 'order.paid' | 'payment.failed';

export type WebhookInput = {
  event: WebhookEventName;
  orderId: string;
  paymentId?: string;
  /** Paise. */
  amount: number;
  currency?: string;
  eventId?: string;
  accountId?: string;
};

export type WebhookRequest = {
  /** The exact bytes Razorpay sends, which the signature covers. */
  payload: string;
  headers: Record<string, string>;
  eventId: string;
  paymentId: string;
};

/**
 * The body Razorpay posts for an event (https://razorpay.com/docs/webhooks/payloads/payments/),
 * as compact JSON. payment.* events carry the payment; order.paid carries the order too.
 */
export function webhookBody(input: WebhookInput): { body: Record<string, unknown>; paymentId: string } {
  const paymentId = input.paymentId ?? razorpayId('pay');
  const currency = input.currency ?? 'INR';
  const created = unixNow();
  const failed = input.event === 'payment.failed';
  const payment = {
    id: paymentId,
    entity: 'payment',
    amount: input.amount,
    currency,
    status: failed ? 'failed' : 'captured',
    order_id: input.orderId,
    invoice_id: null,
    international: false,
    method: 'card',
    amount_refunded: 0,
    refund_status: null,
    captured: !failed,
    // Non-ASCII and a slash on purpose: the signature covers these bytes exactly as sent.
    description: 'The shop – order 1/1 (₹)',
    card_id: 'card_' + paymentId.slice(4),
    email: 'void@razorpay.com',
    contact: '+919999999999',
    notes: [],
    fee: failed ? null : Math.round(input.amount * 0.02),
    tax: failed ? null : 0,
    error_code: failed ? 'BAD_REQUEST_ERROR' : null,
    error_description: failed ? 'Payment failed due to incorrect card details' : null,
    error_reason: failed ? 'payment_failed' : null,
    created_at: created,
  };
  const order = {
    id: input.orderId,
    entity: 'order',
    amount: input.amount,
    amount_paid: input.amount,
    amount_due: 0,
    currency,
    receipt: null,
    offer_id: null,
    status: 'paid',
    attempts: 1,
    notes: [],
    created_at: created,
  };
  const withOrder = input.event === 'order.paid';
  const body = {
    entity: 'event',
    account_id: input.accountId ?? 'acc_StandinAccount1',
    event: input.event,
    contains: withOrder ? ['payment', 'order'] : ['payment'],
    payload: { payment: { entity: payment }, ...(withOrder ? { order: { entity: order } } : {}) },
    created_at: created,
  };
  return { body, paymentId };
}

/**
 * A webhook delivery: the raw body and the headers Razorpay signs it with.
 * `encode` writes the bytes (compact JSON unless told otherwise, e.g. with
 * slashes escaped as PHP's json_encode does).
 */
export function webhookRequest(
  secret: string,
  input: WebhookInput,
  encode: (body: Record<string, unknown>) => string = (body) => JSON.stringify(body),
): WebhookRequest {
  const { body, paymentId } = webhookBody(input);
  const payload = encode(body);
  const eventId = input.eventId ?? razorpayId('evt');
  return {
    payload,
    eventId,
    paymentId,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(secret, payload),
      'x-razorpay-event-id': eventId,
    },
  };
}

/**
 * A refund.processed or refund.failed delivery (https://razorpay.com/docs/webhooks/payloads/refunds/),
 * signed with `secret`: the refund entity as it now is, beside its payment.
 */
export function refundWebhookRequest(
  secret: string,
  event: 'refund.processed' | 'refund.failed',
  refund: RazorpayRefund,
  eventId = razorpayId('evt'),
): WebhookRequest {
  const body = {
    entity: 'event',
    account_id: 'acc_StandinAccount1',
    event,
    contains: ['refund', 'payment'],
    payload: {
      refund: { entity: { ...refund, status: event === 'refund.processed' ? 'processed' : 'failed' } },
      payment: { entity: { id: refund.payment_id, entity: 'payment', amount_refunded: refund.amount } },
    },
    created_at: unixNow(),
  };
  const payload = JSON.stringify(body);
  return {
    payload,
    eventId,
    paymentId: refund.payment_id,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': hmacHex(secret, payload),
      'x-razorpay-event-id': eventId,
    },
  };
}
