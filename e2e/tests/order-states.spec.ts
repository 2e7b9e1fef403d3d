import { orderMessages, ORDER_STATUS_TEXT, TEST_CARDS, type Order, type Product } from '@shop/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { addProduct, promoteToAdmin } from '../support/admin';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, newCustomer, test, type Customer } from '../support/fixtures';
import { sidewaysScroll } from '../support/layout';
import { shippingOf } from '../support/orders';
import { findProduct } from '../support/shop';

/** Buys one of each of `productNames` in one checkout, through the API as a page would; answers the first order. */
async function buy(
  request: APIRequestContext,
  customer: Customer,
  ...productNames: string[]
): Promise<Order> {
  for (const productName of productNames) {
    const product: Product = await findProduct(request, productName);
    await request.post('/api/saveCart', { data: { item: { _id: product._id }, quantity: 1 } });
  }
  const created = await (
    await request.post('/api/payment/orderCreate', { data: { data: shippingOf(customer) } })
  ).json();
  const paid = await request.post('/api/payment/test-gateway/pay', {
    data: { order_id: created.id, card_number: TEST_CARDS.success },
  });
  const confirmed = await request.post('/api/payment/cartDetail', { data: await paid.json() });
  expect(confirmed.status()).toBe(200);
  return ((await confirmed.json()) as { data: Order[] }).data[0]!;
}

/** A customer in their own browser context, logged in through the form, with an order of each product. */
async function customerWithOrder(browser: Browser, ...productNames: string[]) {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const customer = newCustomer();
  await context.request.post('/api/user/register', {
    data: { ...customer, confiremPassword: customer.password },
  });
  const page = await context.newPage();
  await loginThroughForm(page, customer.email, customer.password);
  const order = await buy(page.request, customer, ...productNames);
  return { context, page, customer, order };
}

async function openAsAdmin(page: Page, admin: Customer, orderId: string) {
  await promoteToAdmin(admin);
  await loginThroughForm(page, admin.email, admin.password);
  await page.goto(`/admin/orderList?q=${encodeURIComponent(orderId)}`);
  await page.getByRole('link', { name: `Open order ${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orderList/${orderId}$`));
  await expect(page.getByRole('region', { name: 'Items' })).toBeVisible({ timeout: 30_000 });
}

for (const [width, viewport] of [
  ['a desktop', { width: 1280, height: 900 }],
  ['360 px', { width: 360, height: 740 }],
] as const) {
  test.describe(`order states on ${width}`, () => {
    test.use({ viewport });

    test('the owner opens the order page, ships with tracking and delivers; the customer sees each state', async ({
      page,
      browser,
      customer: admin,
    }) => {
      const shopper = await customerWithOrder(browser, 'Ludo Royale Wooden Board Set');
      await openAsAdmin(page, admin, shopper.order._id);

      const items = page.getByRole('region', { name: 'Items' });
      await expect(items).toContainText(shopper.order.orderItem.name);
      await expect(items).toContainText(orderMessages.checkoutTotal);
      await expect(page.getByRole('region', { name: 'Recipient' })).toContainText(shopper.customer.email);
      await expect(page.getByRole('region', { name: 'Recipient' })).toContainText('9123456780');
      await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('3 Lake Road');
      await expect(page.getByRole('region', { name: 'Payment' })).toContainText(
        shopper.order.paymentDetails.transactionId,
      );
      await expect(page.getByRole('region', { name: orderMessages.statusHistory })).toContainText(
        ORDER_STATUS_TEXT.placed,
      );
      await expectAccessible(page);

      // The packing slip: printed, the items and the address stay, the actions go.
      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('region', { name: 'Actions' })).toBeHidden();
      await expect(page.getByRole('region', { name: 'Shipping address' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
      await page.emulateMedia({ media: 'screen' });

      const ship = page.getByRole('form', { name: 'Ship' });
      await ship.getByRole('button', { name: 'Mark shipped' }).click();
      await expect(ship.getByText(orderMessages.carrierRequired)).toBeVisible();
      await ship.getByLabel('Carrier').fill('India Post');
      await ship.getByLabel('Tracking number').fill('EE123456789IN');
      await ship
        .getByLabel('Tracking URL (optional)')
        .fill('https://www.indiapost.gov.in/track/EE123456789IN');
      await ship.getByRole('button', { name: 'Mark shipped' }).click();
      await expect(page.getByText(orderMessages.orderShippedDone, { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: orderMessages.statusHistory })).toContainText(
        ORDER_STATUS_TEXT.shipped,
      );
      await expectAccessible(page);

      await shopper.page.goto('/orders');
      const mine = shopper.page.getByRole('list', { name: 'Orders' });
      await expect(mine).toContainText(ORDER_STATUS_TEXT.shipped);
      await expect(mine.getByRole('link', { name: 'EE123456789IN' })).toHaveAttribute(
        'href',
        'https://www.indiapost.gov.in/track/EE123456789IN',
      );
      await expectAccessible(shopper.page);
      // Shipped: no cancelling it from the summary any more.
      await shopper.page.goto(`/orderSummary/${shopper.order._id}`);
      await expect(shopper.page.getByText('EE123456789IN')).toBeVisible();
      await expect(shopper.page.getByRole('button', { name: orderMessages.cancelOrder })).toHaveCount(0);

      // The tracking number was typed wrong: the owner corrects it, and the customer sees the right one.
      const correct = page.getByRole('form', { name: orderMessages.correctTracking });
      await expect(correct.getByLabel('Tracking number')).toHaveValue('EE123456789IN');
      await correct.getByLabel('Tracking number').fill('');
      await correct.getByRole('button', { name: 'Save tracking' }).click();
      await expect(correct.getByText(orderMessages.trackingNumberRequired)).toBeVisible();
      await correct.getByLabel('Tracking number').fill('EE987654321IN');
      await correct
        .getByLabel('Tracking URL (optional)')
        .fill('https://www.indiapost.gov.in/track/EE987654321IN');
      await correct.getByRole('button', { name: 'Save tracking' }).click();
      await expect(page.getByText(orderMessages.trackingUpdatedDone, { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: orderMessages.statusHistory })).toContainText(
        'EE987654321IN',
      );
      await expect(correct.getByLabel('Tracking number')).toHaveValue('EE987654321IN');
      await expectAccessible(page);
      await shopper.page.reload();
      await expect(shopper.page.getByText('EE987654321IN')).toBeVisible();
      await expect(shopper.page.getByText('EE123456789IN')).toHaveCount(0);

      await page.getByRole('button', { name: 'Mark delivered' }).click();
      await expect(page.getByRole('region', { name: orderMessages.statusHistory })).toContainText(
        ORDER_STATUS_TEXT.delivered,
      );
      await shopper.page.goto('/orders');
      await expect(shopper.page.getByRole('list', { name: 'Orders' })).toContainText(
        ORDER_STATUS_TEXT.delivered,
      );

      // A part refunded, after the owner confirms it: the customer sees how much, not just "Refunded".
      const refund = page.getByRole('form', { name: 'Refund' });
      await refund.getByLabel('Amount in rupees (empty: all that is left)').fill('100');
      await refund.getByRole('button', { name: 'Refund' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(orderMessages.confirmRefund('₹100'));
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Refund' }).click();
      await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('₹100');
      // The items table, its line now with two badges, stays inside its card at 360 px too.
      const overhang = await items.evaluate(
        (region) =>
          region.querySelector('table')!.getBoundingClientRect().right - region.getBoundingClientRect().right,
      );
      expect(overhang).toBeLessThanOrEqual(0);
      await shopper.page.goto('/orders');
      await expect(shopper.page.getByRole('list', { name: 'Orders' })).toContainText(
        `${orderMessages.refunded} ₹100`,
      );
      await shopper.context.close();
    });

    test("the owner's page of a costly checkout of three lines, one part refunded, fits the screen", async ({
      page,
      browser,
      customer: admin,
    }) => {
      await promoteToAdmin(admin);
      const owner = await browser.newContext();
      expect((await owner.request.post('/api/user/login', { data: admin })).status()).toBe(200);
      const names = [1, 2, 3].map((i) => `Costly Brass Lamp ${Date.now().toString(36)} ${i}`);
      for (const name of names) {
        await addProduct(owner.request, { name, category: 'electronics', price: 149999.5, countInStock: 5 });
      }
      await owner.close();
      const shopper = await customerWithOrder(browser, ...names);
      await openAsAdmin(page, admin, shopper.order._id);
      // Goodwill on an order not yet shipped: the page's Refund form is for delivered orders.
      const refunded = await page.request.post(
        `/api/admin/orders/${encodeURIComponent(shopper.order._id)}/refund`,
        { data: { amount: 10000.5 } },
      );
      expect(refunded.status()).toBe(200);
      await page.reload();
      await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('₹10,000.50');
      await expect(page.getByRole('region', { name: 'Items' })).toContainText('₹4,49,998.50');
      expect(await sidewaysScroll(page)).toBe(0);
      await expectAccessible(page);
      await shopper.context.close();
    });

    test('the customer cancels their own order after a confirmation and is refunded', async ({ browser }) => {
      const shopper = await customerWithOrder(browser, 'Chai Time Smart Kettle');
      const { page } = shopper;
      await page.goto(`/orderSummary/${shopper.order._id}`);
      await expect(page.getByText(ORDER_STATUS_TEXT.placed)).toBeVisible({ timeout: 30_000 });
      await page.getByRole('button', { name: orderMessages.cancelOrder }).click();
      const dialog = page.getByRole('alertdialog');
      await expect(dialog).toContainText(orderMessages.cancelOrderQuestion);
      await expectAccessible(page);
      // Keeping it changes nothing.
      await dialog.getByRole('button', { name: orderMessages.keepOrder }).click();
      await expect(page.getByText(ORDER_STATUS_TEXT.placed)).toBeVisible();
      await page.getByRole('button', { name: orderMessages.cancelOrder }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: orderMessages.cancelOrder }).click();
      await expect(page.getByText(orderMessages.orderCancelledByYou, { exact: true })).toBeVisible();
      // The Cancel button is gone: the focus is on the section that reads the new status.
      await expect(page.getByRole('heading', { name: 'Order details' })).toBeFocused();
      await expect(page.getByText(ORDER_STATUS_TEXT.cancelled)).toBeVisible();
      await expect(page.getByText(orderMessages.refunded)).toBeVisible();
      await expect(page.getByRole('button', { name: orderMessages.cancelOrder })).toHaveCount(0);
      await expectAccessible(page);
      await shopper.context.close();
    });

    test('the owner cancels an order with a reason and it is refunded', async ({
      page,
      browser,
      customer: admin,
    }) => {
      const shopper = await customerWithOrder(browser, 'Ludo Royale Wooden Board Set');
      await openAsAdmin(page, admin, shopper.order._id);
      const cancel = page.getByRole('form', { name: 'Cancel' });
      await cancel.getByRole('button', { name: 'Cancel and refund' }).click();
      await expect(cancel.getByText(orderMessages.reasonRequired)).toBeVisible();
      await cancel.getByLabel('Reason').fill('Damaged in the warehouse');
      // Money goes back only once the owner confirms; going back changes nothing.
      await cancel.getByRole('button', { name: 'Cancel and refund' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(orderMessages.confirmCancelRefund);
      await confirm.getByRole('button', { name: 'Go back' }).click();
      await expect(cancel.getByRole('button', { name: 'Cancel and refund' })).toBeFocused();
      await cancel.getByRole('button', { name: 'Cancel and refund' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
      await expect(page.getByText(orderMessages.orderCancelledDone, { exact: true })).toBeVisible();
      // Refunded in full: nothing is left to refund.
      await expect(page.getByRole('region', { name: 'Actions' })).toContainText(
        orderMessages.refundNothingLeft,
      );
      await expect(page.getByRole('form', { name: 'Refund' })).toHaveCount(0);
      const refunds = page.getByRole('region', { name: 'Refunds' });
      await expect(refunds).toContainText(orderMessages.refunded);
      await expect(page.getByRole('region', { name: orderMessages.statusHistory })).toContainText(
        'Damaged in the warehouse',
      );
      await expectAccessible(page);

      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Refunds' }).click();
      await expect(page.getByRole('region', { name: 'Refunds' })).toContainText(shopper.customer.email);
      await expectAccessible(page);

      await shopper.page.goto('/orders');
      const mine = shopper.page.getByRole('list', { name: 'Orders' });
      await expect(mine).toContainText(ORDER_STATUS_TEXT.cancelled);
      await expect(mine).toContainText(orderMessages.refunded);
      await shopper.context.close();
    });
  });
}
