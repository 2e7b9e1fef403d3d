/**
 * Messages the server answers about stock holds and stock edits. Apart from
 * `messages` so the web app, which shows them as the server sent them, does
 * not carry them in its first load.
 */
export const commerceMessages = {
  stockChangedMeanwhile: (now: number) =>
    `The stock changed while this form was open (items were sold or given back): it is now ${now}. Check the count in stock and save again.`,
  checkoutTooManyUnits: (max: number) =>
    `One checkout can hold at most ${max} items. Lower the quantities in your cart to go on.`,
  checkoutAddressBusy:
    'Too many items are held for payment from your network right now. Please try again in a few minutes.',
  checkoutTooOften: (minutes: number) =>
    `You have started too many checkouts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  checkoutHoldUsedUp: (minutes: number) =>
    `Items were held for your payment too long without a payment. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
};
