import { MAX_CART_QUANTITY, NARROW_WIDTH } from '@shop/shared';
import type { Page } from '@playwright/test';
import { addProduct, promoteToAdmin } from '../support/admin';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, test } from '../support/fixtures';
import { hiddenControls, resizeTo, sidewaysScroll } from '../support/layout';
import { buyThroughApi, shippingOf } from '../support/orders';
import { findProduct } from '../support/shop';

/** Every width from 320 to 1920 px, 20 px apart. */
const everyWidth = Array.from({ length: (1920 - 320) / 20 + 1 }, (_, i) => 320 + i * 20);

/** The widths at which the page scrolls sideways or a control in `scope` is out of sight. */
async function widthsHidingControls(page: Page, widths: number[], scope: string) {
  const problems: string[] = [];
  for (const width of widths) {
    await resizeTo(page, width);
    const controls = page.locator(`${scope} :is(button, a[href], select, input)`);
    expect(await controls.count(), `controls at ${width} px`).toBeGreaterThan(0);
    const hidden = await hiddenControls(controls);
    const sideways = await sidewaysScroll(page);
    if (hidden.length > 0 || sideways > 0)
      problems.push(`${width} px: scrolls ${sideways} px sideways; out of sight: ${hidden.join(', ')}`);
  }
  return problems;
}

test('no width from 320 to 1920 px hides a control of the cart or scrolls sideways', async ({
  page,
  customer,
}) => {
  await loginThroughForm(page, customer.email, customer.password);
  // A long name, and two lines.
  const controller = await findProduct(page.request, 'Tez Wireless Game Controller for PC and Phone');
  const kettle = await findProduct(page.request, 'Chai Time Smart Kettle');
  for (const product of [controller, kettle])
    expect(
      (
        await page.request.post('/api/saveCart', { data: { item: { _id: product._id }, quantity: 2 } })
      ).status(),
    ).toBe(200);
  await page.goto('/cart');
  await expect(page.getByRole('button', { name: `Delete ${kettle.name}` })).toBeVisible();

  expect(await widthsHidingControls(page, everyWidth, 'main')).toEqual([]);

  // Still the spec's two layouts: a table over 600 px, stacked at 600 and below.
  await resizeTo(page, NARROW_WIDTH + 1);
  await expect(page.getByRole('table')).toBeVisible();
  await resizeTo(page, NARROW_WIDTH);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible();
});

test('long unbroken words in a description and a review wrap, and a large stock offers at most the cart limit', async ({
  page,
  customer,
}) => {
  await promoteToAdmin(customer);
  await loginThroughForm(page, customer.email, customer.password);
  const product = await addProduct(page.request, {
    name: `Bulk Diya Pack ${Date.now()}`,
    countInStock: 5000,
    description: `See ${'https://shop.example.com/'.padEnd(120, 'x')} for the care guide.`,
  });
  const shout = `Worst${'!'.repeat(600)}`;
  const review = await page.request.post('/api/user/review', {
    data: { productId: product._id, rating: 1, comment: shout },
  });
  expect(review.status()).toBeLessThan(300);
  await page.goto(`/item/${product._id}`);
  await expect(page.getByRole('region', { name: 'Reviews' })).toContainText('Worst!!!');
  expect(await widthsHidingControls(page, [360, 1280], 'main')).toEqual([]);
  // A cart line holds at most MAX_CART_QUANTITY, whatever the stock: the list stops there.
  const options = page.getByLabel('Quantity').locator('option');
  await expect(options).toHaveCount(MAX_CART_QUANTITY);
  await expect(options.last()).toHaveText(String(MAX_CART_QUANTITY));
});

test.describe('admin lists', () => {
  test.beforeEach(async ({ page, customer }) => {
    await promoteToAdmin(customer);
    await loginThroughForm(page, customer.email, customer.password);
    // An order, so the orders list has a row with its action; the audit log gets an entry too.
    const ludo = await findProduct(page.request, 'Ludo Royale Wooden Board Set');
    await buyThroughApi(page.request, ludo, shippingOf(customer));
  });

  for (const [list, path, action] of [
    ['Users', '/admin/userList', /^Delete /],
    ['Products', '/admin/productList', /^Delete /],
    ['Orders', '/admin/orderList', /^Mark delivered: /],
    ['Audit log', '/admin/auditLog', undefined],
  ] as const) {
    test(`${list}: every action in sight at 360 px and on a desktop, stacked on a phone`, async ({
      page,
    }) => {
      // An admin change, for the audit log to show.
      await addProduct(page.request, { name: `Bidri Inlay Box ${Date.now()}` });
      await page.goto(path);
      const region = page.getByRole('region', { name: list });
      // A wide margin: the lists load slowly while two browsers share the machine's two cores.
      await expect(region).toBeVisible({ timeout: 30_000 });
      if (action) await expect(region.getByRole('button', { name: action }).first()).toBeVisible();

      const problems = await widthsHidingControls(page, [360, 480, 768, 1024, 1280, 1920], 'main');
      expect(problems).toEqual([]);

      // On a phone each row is a card: its action sits in the row's own box, with the column named.
      await resizeTo(page, 360);
      const regionScrolls = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(regionScrolls).toBeLessThanOrEqual(0);
      if (action) {
        const cell = region.getByRole('button', { name: action }).first().locator('xpath=ancestor::td');
        await expect(cell).toHaveAttribute('data-label', /.+/);
        // Brought into view by scrolling down only: all of it is then on screen.
        const button = region.getByRole('button', { name: action }).first();
        await button.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'nearest' }));
        expect(await region.evaluate((el) => el.scrollLeft)).toBe(0);
        await expect(button).toBeInViewport({ ratio: 1 });
      }
      await expectAccessible(page);
    });
  }
});
