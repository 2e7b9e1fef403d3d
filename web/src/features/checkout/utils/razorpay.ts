import type { PaymentResult } from '../api/payment-result';

const SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export type RazorpayOptions = {
  key: string;
  /** In paise. */
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  prefill: { name: string; email: string; contact: string };
  /** Seconds until the window closes itself (then ondismiss runs). */
  timeout: number;
  handler: (response: PaymentResult) => void;
  modal: { ondismiss: () => void };
};

type RazorpayCheckout = {
  open(): void;
  close(): void;
  on(event: 'payment.failed', callback: () => void): void;
};

declare global {
  interface Window {
    Razorpay?: new (options: RazorpayOptions) => RazorpayCheckout;
  }
}

let loading: Promise<boolean> | null = null;

/**
 * Adds Razorpay's checkout script once, only on the place-order page (the
 * server allows its origin in the CSP only when Razorpay is configured).
 * Resolves false when it cannot load, and lets a later call try again.
 */
export function loadRazorpay(): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  loading ??= new Promise<boolean>((resolve) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    const fail = () => {
      script.remove();
      loading = null;
      resolve(false);
    };
    script.onload = () => (window.Razorpay ? resolve(true) : fail());
    script.onerror = fail;
    document.body.append(script);
  });
  return loading;
}

/** Opens Razorpay's window; the callbacks say how it ended. */
export function openRazorpay(
  options: Omit<RazorpayOptions, 'handler' | 'modal'>,
  on: { paid: (result: PaymentResult) => void; failed: () => void; dismissed: () => void },
): void {
  if (!window.Razorpay) throw new Error('Razorpay is not loaded');
  // After a failure the window is closed by us, which also fires ondismiss: report only the first end.
  let ended = false;
  const end = (report: () => void) => {
    if (ended) return;
    ended = true;
    report();
  };
  const checkout = new window.Razorpay({
    ...options,
    handler: (result) => end(() => on.paid(result)),
    modal: { ondismiss: () => end(on.dismissed) },
  });
  checkout.on('payment.failed', () => {
    end(on.failed);
    checkout.close();
  });
  checkout.open();
}
