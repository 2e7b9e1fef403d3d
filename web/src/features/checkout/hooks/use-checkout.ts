import { messages, rupeesToPaise, type CartLine, type OrderCreateAnswer, type Shipping } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-error';
import { queryKeys } from '@/lib/query-keys';
import { showApiError, type FormHandle } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useCancelPayment } from '../api/cancel-payment';
import { useConfirmPayment } from '../api/confirm-payment';
import { useCreateOrder } from '../api/create-order';
import type { PaymentResult } from '../api/payment-result';
import { loadRazorpay, openRazorpay } from '../utils/razorpay';

/** A message on the page about the last attempt, read out as an alert. */
export type CheckoutNotice = { tone: 'error' | 'info'; text: string };

/** The shop's own card window is open for this order. */
export type TestPayment = { order: OrderCreateAnswer; shipping: Shipping };

/** How the test card window ended. */
export type TestOutcome =
  | { kind: 'paid'; result: PaymentResult }
  | { kind: 'declined' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

/**
 * Spec section 4: create the order on the server, open the card window, and
 * on success post the payment details. A closed window or a declined card
 * releases the reserved stock and leaves the cart as it was.
 */
export function useCheckout(cartProducts: CartLine[], shownTotal: number | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createOrder = useCreateOrder();
  const confirmPayment = useConfirmPayment();
  const cancelPayment = useCancelPayment();
  const [notice, setNotice] = useState<CheckoutNotice | null>(null);
  const [testPayment, setTestPayment] = useState<TestPayment | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = <T extends FieldValues>(error: unknown, form?: FormHandle<T>) => {
    setBusy(false);
    showApiError(error, form);
    if (error instanceof ApiError && error.sessionLost) return;
    setNotice({ tone: 'error', text: error instanceof ApiError ? error.message : messages.internalError });
  };

  /**
   * Releases the stock held for this order (the customer has been told already) and reads the
   * cart again: its prices and stock may have moved since the page was loaded. If the money was
   * taken after all, the server made the orders instead (409), and its message replaces ours.
   */
  const release = (orderId: string) =>
    cancelPayment.mutate(orderId, {
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 409)) return console.error(error);
        setNotice({ tone: 'info', text: error.message });
        void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.cart }),
    });

  const declined = (orderId: string) => {
    setBusy(false);
    setNotice({ tone: 'error', text: messages.paymentDeclined });
    toast.error(messages.paymentDeclined);
    release(orderId);
  };

  const cancelled = (orderId: string) => {
    setBusy(false);
    setNotice({ tone: 'info', text: messages.paymentCancelled });
    release(orderId);
  };

  const complete = async (result: PaymentResult, shipping: Shipping) => {
    try {
      const { body } = await confirmPayment.mutateAsync({ ...result, data: shipping, cartProducts });
      toast.success(body.message || messages.paymentSuccess);
      navigate('/orders');
    } catch (error) {
      // Paid but not turned into orders (e.g. sold out meanwhile): the server's message says what happens.
      fail(error);
    }
  };

  const pay = async <T extends FieldValues>(shipping: Shipping, form: FormHandle<T>) => {
    setNotice(null);
    setBusy(true);
    let order: OrderCreateAnswer | null;
    try {
      order = (await createOrder.mutateAsync(shipping)).body;
    } catch (error) {
      fail(error, form);
      return;
    }
    if (!order?.data) {
      setBusy(false);
      window.alert(messages.serverErrorOnline);
      return;
    }
    // The server priced the order from today's prices: a total other than the one on the Pay
    // button is not charged, the cart is read again and the customer decides again.
    if (shownTotal !== undefined && rupeesToPaise(order.data.amount) !== rupeesToPaise(shownTotal)) {
      setBusy(false);
      setNotice({ tone: 'info', text: messages.pricesChanged });
      release(order.id);
      return;
    }
    if (order.provider === 'test') {
      setTestPayment({ order, shipping });
      return;
    }
    if (!(await loadRazorpay())) {
      setBusy(false);
      window.alert(messages.razorpayFailed);
      release(order.id);
      return;
    }
    const orderId = order.id;
    openRazorpay(
      {
        key: order.key,
        amount: rupeesToPaise(order.data.amount),
        currency: 'INR',
        order_id: orderId,
        name: 'The Shop',
        prefill: { name: shipping.name, email: shipping.email, contact: shipping.phone },
        // Closed a little before the stock hold ends, so a payment never outlives it.
        timeout: Math.max(30, order.expiresIn - 15),
      },
      {
        paid: (result) => void complete(result, shipping),
        failed: () => declined(orderId),
        dismissed: () => cancelled(orderId),
      },
    );
  };

  const finishTestPayment = (outcome: TestOutcome) => {
    if (!testPayment) return;
    const { order, shipping } = testPayment;
    setTestPayment(null);
    if (outcome.kind === 'paid') void complete(outcome.result, shipping);
    else if (outcome.kind === 'declined') declined(order.id);
    else if (outcome.kind === 'cancelled') cancelled(order.id);
    else {
      fail(outcome.error);
      release(order.id);
    }
  };

  return { pay, busy, notice, testPayment, finishTestPayment };
}
