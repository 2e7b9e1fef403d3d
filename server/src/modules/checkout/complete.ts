import {
  formatRupees,
  messages,
  orderMessages,
  paiseToRupees,
  type Order,
  type Shipping,
} from '@shop/shared';
import type { Transaction } from 'kysely';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { Mail } from '../../lib/mailer.js';
import { HttpError, invariant } from '../../lib/http-errors.js';
import { newId } from '../../lib/tokens.js';
import { issueInvoice, placeOfSupplyChanged } from '../gst/issue.js';
import { ownerNewOrderMail } from '../orders/mails.js';
import { ordersOfCheckout } from '../orders/repo.js';
import { holdsPayment, recordRefund } from '../refunds/record.js';
import { sendRecordedRefund } from '../refunds/submit.js';
import { recomputeBuyerRatings } from '../reviews/rating.js';
import { releaseInTransaction } from './release.js';

/** A verified payment; `method` as the provider said (card, upi, ...), when it said. */
export type Payment = { providerOrderId: string; paymentId: string; method?: string };

/**
 * `secondPayment`: the payment was another than the checkout's own; `refundId`, its refund when one
 * was recorded now, sent to the provider after the commit.
 */
type Outcome =
  | { kind: 'paid'; orders: Order[]; newlyPaid: boolean; secondPayment?: boolean; refundId?: string | null }
  | { kind: 'refund_due'; refundId?: string | null };

const SECOND_PAYMENT = 'a second payment for a checkout already paid';

/**
 * Moves a verified payment's checkout from pending to paid exactly once, in
 * one transaction: one order per line (snapshots of what was reserved and
 * paid), and those products leave the cart. A repeated or concurrent call for
 * the same payment answers the same orders and changes nothing; another
 * payment of a checkout already paid is refunded whole. `userId` limits it to
 * the session user's checkouts (the webhook passes none).
 *
 * The shipping form is the one stored at orderCreate (our web app) or else
 * the one sent now (`sentShipping`: the spec's client sends it with
 * cartDetail). A webhook that
 * comes before either still turns the payment into orders, addressed to the
 * account's name and email; the form sent afterwards fills in the address.
 */
export async function completeCheckout(
  ctx: AppContext,
  payment: Payment,
  userId?: string,
  sentShipping?: Shipping,
): Promise<Order[]> {
  const now = ctx.clock.now().toISOString();
  const outcome = await ctx.db.transaction().execute(async (trx): Promise<Outcome> => {
    let query = trx
      .selectFrom('checkouts')
      .selectAll()
      .where('provider_order_id', '=', payment.providerOrderId);
    if (ctx.dbKind === 'postgres') query = query.forUpdate();
    const checkout = await query.executeTakeFirst();
    if (!checkout || (userId !== undefined && checkout.user_id !== userId)) {
      throw new HttpError(404, messages.checkoutNotFound);
    }
    const stored = JSON.parse(checkout.shipping) as Shipping | null;
    if (holdsPayment(checkout.status)) {
      // Another payment of a checkout already settled (a second window, a retried card): the
      // first stands and this one goes back whole at once.
      const secondPayment = checkout.payment_id !== payment.paymentId;
      const refundId = secondPayment
        ? await recordRefund(trx, ctx.dbKind, now, {
            checkoutId: checkout.id,
            orderId: null,
            paymentId: payment.paymentId,
            reason: SECOND_PAYMENT,
          })
        : null;
      if (checkout.status === 'refund_due') return { kind: 'refund_due', refundId };
      if (sentShipping && !stored) {
        await addShipping(trx, checkout.id, sentShipping);
        await placeOfSupplyChanged(trx, checkout.id);
      }
      const orders = await ordersOfCheckout(trx, checkout.id);
      return { kind: 'paid', orders, newlyPaid: false, secondPayment, refundId };
    }
    // Paid after the hold ended (expired, cancelled, replaced): the order is made
    // only at today's prices with the stock still there; otherwise refunded. A
    // payment that comes after its account was deleted makes no orders either.
    // Deleting a product ends the holds of it that the delete sees; one started in that same
    // moment ends here instead, its stock given back, and is re-priced like any ended hold.
    let status = checkout.status;
    if (status === 'pending' && (await holdsDeletedProduct(trx, checkout.id))) {
      await releaseInTransaction(trx, checkout.id, now);
      status = 'released';
    }
    const account = await accountContact(trx, checkout.user_id);
    if (
      !account ||
      (status === 'released' && !(await reserveAgain(trx, checkout.id, ctx.dbKind === 'postgres')))
    ) {
      await trx
        .updateTable('checkouts')
        .set({
          status: 'refund_due',
          payment_id: payment.paymentId,
          payment_method: payment.method || null,
          closed_at: now,
        })
        .where('id', '=', checkout.id)
        .execute();
      return { kind: 'refund_due' };
    }
    const shipping = stored ?? sentShipping ?? (userId === undefined ? account : null);
    invariant(shipping, 400, messages.fillAllFields);

    await trx
      .updateTable('checkouts')
      .set({
        status: 'paid',
        payment_id: payment.paymentId,
        payment_method: payment.method || null,
        closed_at: now,
        ...(!stored && sentShipping ? { shipping: JSON.stringify(sentShipping) } : {}),
      })
      .where('id', '=', checkout.id)
      .execute();
    const lines = await trx
      .selectFrom('checkout_lines')
      .selectAll()
      .where('checkout_id', '=', checkout.id)
      .execute();
    await trx
      .insertInto('orders')
      .values(
        lines.map((line) => ({
          id: newId(),
          checkout_id: checkout.id,
          user_id: checkout.user_id,
          product_id: line.product_id,
          name: line.name,
          image: line.image,
          price_paise: Number(line.price_paise),
          quantity: line.quantity,
          amount_paise: Number(line.price_paise) * line.quantity,
          ...shippingColumns(shipping),
          provider_order_id: payment.providerOrderId,
          transaction_id: payment.paymentId,
          created_at: now,
        })),
      )
      .execute();
    await trx
      .deleteFrom('cart_lines')
      .where('user_id', '=', checkout.user_id)
      .where(
        'product_id',
        'in',
        lines.map((l) => l.product_id),
      )
      .execute();
    // A review written before buying counts from now on.
    await recomputeBuyerRatings(
      trx,
      ctx.dbKind,
      checkout.user_id,
      lines.map((l) => l.product_id),
    );
    // The tax invoice, numbered in this transaction: it exists exactly when the orders do.
    const invoiceId = await issueInvoice(trx, checkout.id, ctx.clock.now(), (productId) =>
      ctx.log.warn({ productId }, 'sold with GST on but no HSN code or rate set: invoiced at 18 %'),
    );
    const orders = await ordersOfCheckout(trx, checkout.id);
    // Stored with the orders: the confirmation exists exactly when they do.
    for (const mail of confirmationMails(ctx, account, shipping, orders)) {
      await ctx.mailer.send(invoiceId ? { ...mail, attachment: `tax-document:${invoiceId}` } : mail, trx);
    }
    if (ctx.config.ownerEmail) {
      await ctx.mailer.send(ownerNewOrderMail(ctx.config, ctx.config.ownerEmail, account, orders), trx);
    }
    return { kind: 'paid', orders, newlyPaid: true };
  });

  if (outcome.refundId) await sendRecordedRefund(ctx, outcome.refundId);
  if (outcome.kind === 'refund_due') throw new HttpError(409, messages.paidButSoldOut);
  if (outcome.secondPayment) throw new HttpError(409, orderMessages.secondPaymentRefunded);
  if (outcome.newlyPaid) ctx.mailer.kick();
  return outcome.orders;
}

/**
 * The account's own name and email, as a shipping form with nothing else (who a payment without
 * one is addressed to); undefined once the account is deleted.
 */
async function accountContact(trx: Transaction<Database>, userId: string): Promise<Shipping | undefined> {
  const user = await trx
    .selectFrom('users')
    .select(['name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const blank = { phone: '', streetAddress: '', town: '', pincode: '', state: '', country: '' };
  return { name: user.name, email: user.email, ...blank };
}

/** The order columns that hold where it goes. */
function shippingColumns(shipping: Shipping) {
  return {
    recipient_name: shipping.name,
    recipient_email: shipping.email,
    recipient_phone: shipping.phone,
    street_address: shipping.streetAddress,
    town: shipping.town,
    pincode: shipping.pincode,
    state: shipping.state,
    country: shipping.country,
  };
}

/** The shipping form that came after a webhook had already made the orders. */
async function addShipping(trx: Transaction<Database>, checkoutId: string, shipping: Shipping) {
  await trx
    .updateTable('checkouts')
    .set({ shipping: JSON.stringify(shipping) })
    .where('id', '=', checkoutId)
    .execute();
  await trx
    .updateTable('orders')
    .set(shippingColumns(shipping))
    .where('checkout_id', '=', checkoutId)
    .execute();
}

/** Whether a line of the checkout is of a product no longer in the shop. */
async function holdsDeletedProduct(trx: Transaction<Database>, checkoutId: string): Promise<boolean> {
  const gone = await trx
    .selectFrom('checkout_lines')
    .leftJoin('products', 'products.id', 'checkout_lines.product_id')
    .select('checkout_lines.product_id')
    .where('checkout_lines.checkout_id', '=', checkoutId)
    .where('products.id', 'is', null)
    .executeTakeFirst();
  return gone !== undefined;
}

/**
 * Takes the stock of a lapsed reservation again, all lines or none, and only
 * if every price is still the one paid: a cancelled or expired checkout's
 * provider order is never an order at an old price. The rows are locked and
 * checked first (PostgreSQL; SQLite has one writer), so no decrement has to
 * be undone.
 */
async function reserveAgain(
  trx: Transaction<Database>,
  checkoutId: string,
  lockRows: boolean,
): Promise<boolean> {
  const lines = await trx
    .selectFrom('checkout_lines')
    .select(['product_id', 'quantity', 'price_paise'])
    .where('checkout_id', '=', checkoutId)
    .orderBy('product_id')
    .execute();
  let stockQuery = trx
    .selectFrom('products')
    .select(['id', 'count_in_stock', 'price_paise'])
    .where(
      'id',
      'in',
      lines.map((l) => l.product_id),
    )
    .orderBy('id');
  if (lockRows) stockQuery = stockQuery.forUpdate();
  const now = new Map((await stockQuery.execute()).map((p) => [p.id, p]));
  const stillSo = (l: (typeof lines)[number]) => {
    const product = now.get(l.product_id);
    return (
      product !== undefined &&
      product.count_in_stock >= l.quantity &&
      Number(product.price_paise) === Number(l.price_paise)
    );
  };
  if (!lines.every(stillSo)) return false;
  for (const line of lines) {
    await trx
      .updateTable('products')
      .set({ count_in_stock: sql<number>`count_in_stock - ${line.quantity}` })
      .where('id', '=', line.product_id)
      .execute();
  }
  return true;
}

/**
 * The confirmation goes to the account's own address, greeting the account's
 * own name: the shipping form is typed by whoever checks out, so mailing it
 * would let anyone send the shop's mail, with their text, to any address.
 * The shipping contact gets a copy only when the owner turns that on.
 */
function confirmationMails(ctx: AppContext, account: Shipping, shipping: Shipping, orders: Order[]): Mail[] {
  const mail = confirmationMail(ctx, account, shipping, orders);
  const copy =
    ctx.config.orderMailCopyToShipping && shipping.email.toLowerCase() !== account.email.toLowerCase();
  return copy ? [mail, { ...mail, to: shipping.email }] : [mail];
}

function confirmationMail(ctx: AppContext, account: Shipping, shipping: Shipping, orders: Order[]): Mail {
  const total = orders.reduce((sum, o) => sum + o.paymentDetails.orderAmount * 100, 0);
  const lines = orders.map(
    (o) => `- ${o.orderItem.name} x ${o.orderItem.quantity}: ${formatRupees(o.paymentDetails.orderAmount)}`,
  );
  return {
    to: account.email,
    subject: 'Your order is placed',
    text: [
      `Hello ${account.name},`,
      '',
      'Thank you for your order. We have received your payment.',
      '',
      ...lines,
      '',
      `Total paid: ${formatRupees(paiseToRupees(Math.round(total)))}`,
      `Payment: ${orders[0]?.paymentDetails.transactionId ?? ''}`,
      '',
      `Shipping to: ${shipping.name}, ${shipping.streetAddress}, ${shipping.town} ${shipping.pincode}, ${shipping.state}, ${shipping.country}`,
      '',
      `See your orders: ${ctx.config.publicUrl}/orders`,
    ].join('\n'),
  };
}
