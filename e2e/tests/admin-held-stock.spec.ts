import type { Browser, Page } from '@playwright/test';
import { addProduct, promoteToAdmin } from '../support/admin';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, newCustomer, test } from '../support/fixtures';
import { resizeTo, sidewaysScroll } from '../support/layout';
import { shippingOf } from '../support/orders';

/** The product's row in the admin list, found by searching for its name. */
async function productRow(page: Page, name: string) {
  await page.goto(`/admin/productList?q=${encodeURIComponent(name)}`);
  const row = page.getByRole('table', { name: 'Products' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1, { timeout: 30_000 });
  return row;
}

/** A shopper in another browser holds `quantity` of the product in a checkout not paid yet. */
async function holdInCheckout(browser: Browser, productId: string, quantity: number) {
  const shopper = await browser.newContext();
  const someone = newCustomer();
  await shopper.request.post('/api/user/register', {
    data: { ...someone, confiremPassword: someone.password },
  });
  await shopper.request.post('/api/user/login', {
    data: { email: someone.email, password: someone.password },
  });
  const saved = await shopper.request.post('/api/saveCart', {
    data: { item: { _id: productId }, quantity },
  });
  expect(saved.status()).toBe(200);
  const started = await shopper.request.post('/api/payment/orderCreate', {
    data: { data: shippingOf(someone) },
  });
  expect(started.status()).toBe(200);
  return { shopper, orderId: ((await started.json()) as { id: string }).id };
}

test('the owner sees the units unpaid checkouts hold beside the stock, in the list and the edit form, on a phone too', async ({
  page,
  browser,
  customer,
}) => {
  await promoteToAdmin(customer);
  await loginThroughForm(page, customer.email, customer.password);
  const name = `Kantha Stitch Cushion ${Date.now()}`;
  const productId = (await addProduct(page.request, { name, countInStock: 10 }))._id;
  const { shopper, orderId } = await holdInCheckout(browser, productId, 3);

  const row = await productRow(page, name);
  const stock = row.getByRole('cell').nth(4);
  await expect(stock).toHaveText('7 (+3 held in unpaid checkouts)');
  await expect(stock.getByText('(+3 held')).toBeVisible();
  await expectAccessible(page);

  // On a phone the row is a card: the held units stay in sight beside the stock, named as such.
  await resizeTo(page, 360);
  await expect(stock).toHaveAttribute('data-label', 'Stock');
  await expect(stock.getByText('(+3 held')).toBeVisible();
  expect(await sidewaysScroll(page)).toBe(0);

  await row.getByRole('link', { name: `Edit ${name}` }).click();
  const count = page.getByLabel('Count In Stock');
  await expect(count).toHaveValue('7');
  await expect(count).toHaveAccessibleDescription(
    'Unpaid checkouts hold 3 more; they come back to stock if not paid. Enter only what is free to sell.',
  );
  expect(await sidewaysScroll(page)).toBe(0);
  await expectAccessible(page);
  await resizeTo(page, 1280);

  // The hold given back: the stock is all free again, and nothing is said of holds.
  const cancelled = await shopper.request.post('/api/payment/cancel', { data: { order_id: orderId } });
  expect(cancelled.status()).toBe(200);
  await shopper.close();
  await page.reload();
  await expect(count).toHaveValue('10');
  await expect(count).not.toHaveAccessibleDescription(/Unpaid checkouts/);
  await expect((await productRow(page, name)).getByRole('cell').nth(4)).toHaveText('10');
});

test("saving the product's threshold on its edit page keeps the count the form was loaded with", async ({
  page,
  browser,
  customer,
}) => {
  await promoteToAdmin(customer);
  await loginThroughForm(page, customer.email, customer.password);
  const name = `Ajrakh Table Runner ${Date.now()}`;
  const productId = (await addProduct(page.request, { name, countInStock: 10 }))._id;
  await page.goto(`/admin/editProduct/${productId}`);
  await expect(page.getByLabel('Count In Stock')).toHaveValue('10');
  // Meanwhile a shopper holds 3 of them.
  await (await holdInCheckout(browser, productId, 3)).shopper.close();

  // The owner sets the threshold, then changes the description and saves, the count untouched:
  // the stock stays as the hold left it, not the 10 the form still shows.
  await page.getByRole('spinbutton', { name: 'Low-stock threshold' }).fill('4');
  await page.getByRole('button', { name: 'Save threshold' }).click();
  await expect(page.getByRole('region', { name: 'Low-stock threshold' }).getByRole('status')).not.toBeEmpty();
  await page.getByLabel('Description').fill('A block-printed table runner, 180 cm.');
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/admin\/productList/);
  const stock = await page.request.get(`/api/admin/products/${productId}`);
  expect(await stock.json()).toMatchObject({ countInStock: 7, heldInCheckouts: 3, lowStockThreshold: 4 });
});
