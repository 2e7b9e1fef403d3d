import { formatRupees, messages, TEST_CARDS, type Product } from '@shop/shared';
import type { APIRequestContext, Browser } from '@playwright/test';
import { promoteToAdmin, tinyPng } from '../support/admin';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, newCustomer, test, type Customer } from '../support/fixtures';

async function registerAndLogin(request: APIRequestContext, customer: Customer) {
  await request.post('/api/user/register', { data: { ...customer, confiremPassword: customer.password } });
  const login = await request.post('/api/user/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(login.status()).toBe(200);
}

/** A customer who bought one product through the API, in their own browser context. */
async function customerWithOrder(browser: Browser) {
  const context = await browser.newContext();
  const customer = newCustomer();
  await registerAndLogin(context.request, customer);
  const list = await (await context.request.get('/api/get-products?q=Ludo')).json();
  const product = (list.products as Product[])[0]!;
  await context.request.post('/api/saveCart', { data: { item: { _id: product._id }, quantity: 1 } });
  const shipping = {
    name: customer.name,
    email: customer.email,
    phone: '9123456780',
    streetAddress: '3 Lake Road',
    town: 'Bhopal',
    pincode: '462001',
    state: 'Madhya Pradesh',
    country: 'India',
  };
  const order = await (
    await context.request.post('/api/payment/orderCreate', { data: { data: shipping } })
  ).json();
  const paid = await context.request.post('/api/payment/test-gateway/pay', {
    data: { order_id: order.id, card_number: TEST_CARDS.success },
  });
  const confirmed = await context.request.post('/api/payment/cartDetail', { data: await paid.json() });
  expect(confirmed.status()).toBe(200);
  return { context, customer, product };
}

test.describe('admin panel', () => {
  test('an admin adds a product with an uploaded image, edits it and sees it on the dashboard', async ({
    page,
    customer,
  }) => {
    await promoteToAdmin(customer);
    await loginThroughForm(page, customer.email, customer.password);
    await page.getByRole('button', { name: new RegExp(customer.name) }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/userList$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Users' })).toContainText(customer.email);
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Add Product' }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(messages.fieldsCantBeEmpty).first()).toBeVisible();

    const name = `Warli Art Coaster Set ${Date.now()}`;
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').selectOption('fashion');
    await page.getByLabel('Price').fill('349.50');
    await page.getByLabel('Count In Stock').fill('12');
    await page.getByLabel('Description').fill('Six cork coasters hand-painted with Warli village scenes.');
    await page
      .getByLabel('Upload image')
      .setInputFiles({ name: 'coaster.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(page.getByText(messages.imageUploaded)).toBeVisible();
    await expect(page.getByLabel('Image URL')).toHaveValue(/^\/uploads\/[\w-]+\.webp$/);
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText(messages.productAdded)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/productList$/);
    await expect(page.getByRole('table', { name: 'Products' })).toContainText(name);
    await expectAccessible(page);

    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expectAccessible(page);
    await page.getByLabel('Price').fill('299');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText(messages.productUpdated)).toBeVisible();

    await page.goto(`/userDashboard?q=${encodeURIComponent(name)}`);
    const card = page.getByRole('list', { name: 'Products' }).getByRole('listitem').first();
    await expect(card).toContainText(formatRupees(299));
    await expect(card.locator('img[src^="/uploads/"]')).toBeVisible();
  });

  test('an admin deletes a user with confirmation and marks an order delivered for the customer', async ({
    page,
    browser,
    customer,
  }) => {
    const buyer = await customerWithOrder(browser);
    const victim = newCustomer();
    await registerAndLogin(page.request, victim);
    await page.context().clearCookies();

    await promoteToAdmin(customer);
    await loginThroughForm(page, customer.email, customer.password);
    await page.goto('/admin/userList');
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users).toContainText(victim.email);
    await page.getByRole('button', { name: `Delete ${victim.name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(messages.confirmDeleteUser);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(users).toContainText(victim.email);
    await page.getByRole('button', { name: `Delete ${victim.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(messages.userDeleted)).toBeVisible();
    await expect(users).not.toContainText(victim.email);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
    await expect(page).toHaveURL(/\/admin\/orderList/);
    await expectAccessible(page);
    await page
      .getByRole('button', { name: `Mark delivered: ${buyer.product.name} for ${buyer.customer.name}` })
      .click();
    await expect(page.getByText(messages.markedDelivered)).toBeVisible();

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit Log' }).click();
    await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('order.deliver');
    await expect(page.getByRole('table', { name: 'Audit log' })).toContainText('user.delete');
    await expectAccessible(page);

    const customerPage = await buyer.context.newPage();
    await loginThroughForm(customerPage, buyer.customer.email, buyer.customer.password);
    await customerPage.goto('/orders');
    await expect(customerPage.getByRole('list', { name: 'Orders' })).toContainText(messages.orderDelivered);
    await buyer.context.close();
  });

  test('a customer opening /admin gets the spec message and lands on login', async ({ page, customer }) => {
    const adminChunks: string[] = [];
    page.on('request', (request) => {
      if (/admin/i.test(request.url()) && request.url().endsWith('.js')) adminChunks.push(request.url());
    });
    await loginThroughForm(page, customer.email, customer.password);
    await page.goto('/admin');
    await expect(page.getByText(messages.unauthorizedNotAdmin)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
    expect(adminChunks, 'a customer never downloads the admin pages').toEqual([]);
  });
});
