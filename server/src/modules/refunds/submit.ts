import type { AppContext } from '../../context.js';
import { PaymentProviderRefusal, type ProviderRefund } from '../payments/provider.js';
import { ordersOfCheckout } from '../orders/repo.js';
import { ownerRefundFailedMail, refundedMail } from '../orders/mails.js';

/**
 * Sends a pending refund to the provider with its idempotency key. Whatever
 * happens, nothing is lost and nothing is paid twice: the request was stored
 * before this call; a provider that is down, slow or erring leaves it pending
 * (the reconciliation sends it again, with the same key, so the provider
 * answers the refund it already made); a refusal marks it failed, for the
 * owner to see and retry as a new request.
 */
export async function submitRefund(ctx: AppContext, refundId: string): Promise<void> {
  const refund = await ctx.db.selectFrom('refunds').selectAll().where('id', '=', refundId).executeTakeFirst();
  if (!refund || refund.status !== 'pending' || refund.provider_refund_id) return;
  await ctx.db
    .updateTable('refunds')
    .set({ attempts: refund.attempts + 1, updated_at: ctx.clock.now().toISOString() })
    .where('id', '=', refundId)
    .execute();
  let answer: ProviderRefund;
  try {
    answer = await ctx.payments.refund({
      paymentId: refund.payment_id,
      amountPaise: Number(refund.amount_paise),
      idempotencyKey: refund.idempotency_key,
      notes: { shop_refund_id: refund.id },
    });
  } catch (error) {
    if (error instanceof PaymentProviderRefusal) {
      await settleRefund(ctx, { refundId }, 'failed', error.message);
      return;
    }
    ctx.log.error({ err: error, refundId }, 'refund not answered by the payment provider; it stays pending');
    await ctx.db
      .updateTable('refunds')
      .set({ failure_reason: String((error as Error).message ?? error).slice(0, 500) })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .execute();
    return;
  }
  await settleRefund(ctx, { refundId, providerRefundId: answer.id }, answer.status);
}

/** submitRefund after the commit that recorded the refund: a failure leaves it pending for the reconciliation. */
export async function sendRecordedRefund(ctx: AppContext, refundId: string): Promise<void> {
  await submitRefund(ctx, refundId).catch((error: unknown) =>
    ctx.log.error({ err: error, refundId }, 'sending a refund failed; it stays pending'),
  );
}

/**
 * Moves a pending refund to the provider's state, once: the update is
 * conditional on it still being pending, so a webhook, the create call's
 * answer and the reconciliation may all say it, in any order, and only the
 * first changes anything (and writes its mail). A refund the shop knows only
 * by the provider's id (a webhook) is found by it; the create call and a
 * webhook carrying our note find it by ours.
 */
export async function settleRefund(
  ctx: AppContext,
  which: { refundId?: string; providerRefundId?: string },
  status: ProviderRefund['status'],
  reason?: string,
): Promise<boolean> {
  const now = ctx.clock.now().toISOString();
  const moved = await ctx.db.transaction().execute(async (trx) => {
    let find = trx.selectFrom('refunds').selectAll();
    find = which.refundId
      ? find.where('id', '=', which.refundId)
      : find.where('provider_refund_id', '=', which.providerRefundId ?? '');
    if (ctx.dbKind === 'postgres') find = find.forUpdate();
    const refund = await find.executeTakeFirst();
    if (!refund) return false;
    // Our id with another refund of the provider's: not this refund's news.
    const theirs = which.providerRefundId;
    if (theirs && refund.provider_refund_id && refund.provider_refund_id !== theirs) return false;
    // Writing the refund twice here re-checks its foreign keys, checkout then order; taking the
    // order's first, as a cancel and recordRefund do, makes this wait for one instead of deadlocking.
    if (ctx.dbKind === 'postgres' && refund.order_id) {
      await trx.selectFrom('orders').select('id').where('id', '=', refund.order_id).forKeyShare().execute();
    }
    if (which.providerRefundId && !refund.provider_refund_id) {
      await trx
        .updateTable('refunds')
        .set({ provider_refund_id: which.providerRefundId, updated_at: now })
        .where('id', '=', refund.id)
        .execute();
    }
    if (status === 'pending' || refund.status !== 'pending') return false;
    await trx
      .updateTable('refunds')
      .set({ status, updated_at: now, failure_reason: status === 'failed' ? (reason ?? 'failed') : null })
      .where('id', '=', refund.id)
      .execute();
    const checkout = await trx
      .selectFrom('checkouts')
      .leftJoin('users', 'users.id', 'checkouts.user_id')
      .select(['users.name', 'users.email', 'checkouts.payment_id'])
      .where('checkouts.id', '=', refund.checkout_id)
      .executeTakeFirstOrThrow();
    // Another payment than the checkout's own is a second one, of no order: the orders stand.
    const second = refund.payment_id !== checkout.payment_id;
    const all = second ? [] : await ordersOfCheckout(trx, refund.checkout_id);
    const orders = refund.order_id ? all.filter((o) => o._id === refund.order_id) : all;
    const amountPaise = Number(refund.amount_paise);
    const { name, email } = checkout;
    if (status === 'processed' && name !== null && email !== null) {
      const mail = refundedMail(ctx.config, { name, email }, orders, amountPaise, refund.payment_id, second);
      await ctx.mailer.send(mail, trx);
    }
    if (status === 'failed' && ctx.config.ownerEmail) {
      const mail = ownerRefundFailedMail(
        ctx.config,
        ctx.config.ownerEmail,
        { amountPaise, paymentId: refund.payment_id, reason: reason ?? 'failed', orderId: refund.order_id },
        orders,
      );
      await ctx.mailer.send(mail, trx);
    }
    return true;
  });
  if (moved) {
    ctx.mailer.kick();
    if (status === 'failed') ctx.log.warn({ which, reason }, 'refund failed');
  }
  return moved;
}
