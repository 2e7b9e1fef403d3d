/**
 * Texts only the place-order page shows. Apart from `messages`, which the dashboard loads whole,
 * so these stay out of its first load.
 */
export const checkoutTexts = {
  shippingFromLastOrder: 'Filled in from your last order. Change anything that is different this time.',
} as const;
