import { messages } from '@shop/shared';
import type { Page } from '@playwright/test';
import { promoteToAdmin } from '../support/admin';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, test } from '../support/fixtures';
import { buyThroughApi, shippingOf } from '../support/orders';
import { findProduct } from '../support/shop';

// Every screen of the spec on a 360 × 740 phone: no serious or critical axe-core issue.
test.use({ viewport: { width: 360, height: 740 } });

/** Opens `path` and scans it once `ready` (a text or role on it) shows. */
async function scan(page: Page, path: string, ready: (page: Page) => ReturnType<Page['getByRole']>) {
  await page.goto(path);
  // A wide margin: lists load slowly while two browsers share the machine's two cores.
  await expect(ready(page).first()).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
}

test('the visitor screens at 360 px', async ({ page }) => {
  await scan(page, '/', (p) => p.getByRole('link', { name: 'SignUp' }));
  await scan(page, '/login', (p) => p.getByRole('button', { name: 'Login' }));
  await scan(page, '/signUp', (p) => p.getByRole('button', { name: /sign ?up/i }));
  await scan(page, '/forgotPass', (p) => p.getByLabel('Email'));
  await scan(page, '/resetPassword/not-a-real-token', (p) => p.getByRole('heading', { level: 1 }));
});

test('the shopper screens before an order at 360 px', async ({ page, customer }) => {
  await loginThroughForm(page, customer.email, customer.password);
  const kettle = await findProduct(page.request, 'Chai Time Smart Kettle');
  await scan(page, '/userDashboard', (p) => p.getByRole('list', { name: 'Products' }).getByRole('link'));
  await scan(page, `/item/${kettle._id}`, (p) => p.getByRole('button', { name: 'Add to Cart' }));
  await scan(page, '/orders', (p) => p.getByText(messages.noOrders));
  await scan(page, '/cart', (p) => p.getByText(messages.emptyCart));
  await scan(page, '/profile', (p) => p.getByText(messages.emailCantBeChanged));
});

test('the shopper screens of an order at 360 px', async ({ page, customer }) => {
  await loginThroughForm(page, customer.email, customer.password);
  const kettle = await findProduct(page.request, 'Chai Time Smart Kettle');
  await buyThroughApi(page.request, kettle, shippingOf(customer));
  const saved = await page.request.post('/api/saveCart', {
    data: { item: { _id: kettle._id }, quantity: 1 },
  });
  expect(saved.status()).toBe(200);
  await scan(page, '/cart', (p) => p.getByRole('list', { name: 'Items in your cart' }));
  await scan(page, '/placeOrder', (p) => p.getByLabel('Street Address', { exact: true }));
  await scan(page, '/orders', (p) => p.getByRole('link', { name: /see order/ }));
  await page
    .getByRole('link', { name: /see order/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Order Summary', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await scan(page, '/cart', (p) => p.getByRole('list', { name: 'Items in your cart' }));
  await page.getByRole('button', { name: `Delete ${kettle.name}` }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await expectAccessible(page);
});

test('the admin lists at 360 px', async ({ page, customer }) => {
  await promoteToAdmin(customer);
  await loginThroughForm(page, customer.email, customer.password);
  // An order with its action, for the orders list.
  const ludo = await findProduct(page.request, 'Ludo Royale Wooden Board Set');
  await buyThroughApi(page.request, ludo, shippingOf(customer));
  await scan(page, '/admin/userList', (p) => p.getByRole('region', { name: 'Users' }));
  await scan(page, '/admin/productList', (p) => p.getByRole('link', { name: /^Edit / }));
  await scan(page, '/admin/orderList', (p) => p.getByRole('button', { name: /^Mark delivered: / }));
  await scan(page, '/admin/auditLog', (p) => p.getByRole('heading', { level: 2 }));
});

test('the admin forms at 360 px', async ({ page, customer }) => {
  await promoteToAdmin(customer);
  await loginThroughForm(page, customer.email, customer.password);
  await scan(page, '/admin/addNewProduct', (p) => p.getByRole('button', { name: 'Add Product' }));
  await scan(page, '/admin/productList', (p) => p.getByRole('link', { name: /^Edit / }));
  await page
    .getByRole('link', { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Update Product' })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);
});
