import {
  ADMIN_PAGE_SIZE,
  formatRupees,
  messages,
  STORAGE_KEYS,
  TEST_CARDS,
  type Product,
} from '@shop/shared';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { addProduct, promoteToAdmin, tinyPng } from '../support/admin';
import { loginThroughForm, sessionCookieOf, sessionStatus } from '../support/auth';
import { expect, expectAccessible, newCustomer, test, type Customer } from '../support/fixtures';
import { shippingOf } from '../support/orders';

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
  const shipping = shippingOf(customer);
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

/** Types into an admin list's search box and searches; the summary then counts the matches. */
async function findInList(page: Page, label: string, text: string) {
  await page.getByRole('searchbox', { name: label }).fill(text);
  await page.getByRole('search', { name: label }).getByRole('button', { name: 'Search' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text);
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
    // The panel opens on the overview; the spec's nested pages are one link away.
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Panel', level: 1 })).toBeVisible();
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\/userList$/);
    await expectAccessible(page);
    // The users come oldest first, in pages: the new admin is found by searching.
    await findInList(page, 'Search users', customer.email);
    await expect(page.getByRole('table', { name: 'Users' })).toContainText(customer.email);

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
    await findInList(page, 'Search users', victim.email);
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
    await expect(page.getByText(messages.noneMatch('user', victim.email))).toBeVisible();

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

  test('an admin pages through a long product list, searches it, and deletes the last row of a page', async ({
    page,
    customer,
  }) => {
    await promoteToAdmin(customer);
    await loginThroughForm(page, customer.email, customer.password);
    const tag = `p${Date.now().toString(36)}`;
    // 51 lamps: a page of 50 and one more. Added in order, so the newest (#51) comes first.
    for (let i = 1; i <= ADMIN_PAGE_SIZE + 1; i += 1) {
      const added = await page.request.post('/api/addProduct', {
        data: {
          name: `Paging Lamp ${tag} ${String(i).padStart(2, '0')}`,
          category: 'electronics',
          price: 100 + i,
          countInStock: i,
          image: 'https://cdn.example.com/lamp.jpg',
          description: 'A lamp for the paging test.',
        },
      });
      expect(added.status()).toBe(201);
    }

    await page.goto('/admin/productList');
    const summary = page.getByRole('status').filter({ hasText: / of [\d,]+ products$/ });
    await expect(summary).toHaveText(/^1–50 of [\d,]+ products$/);
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row')).toHaveCount(ADMIN_PAGE_SIZE + 1);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(summary).toHaveText(/^51(–\d+)? of [\d,]+ products$/);
    await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('51');

    await findInList(page, 'Search products', `lamp ${tag}`);
    await expect(summary).toHaveText(`1–50 of 51 products`);
    await expect(table.getByRole('row').nth(1)).toContainText(`Paging Lamp ${tag} 51`);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(summary).toHaveText(`51 of 51 products`);
    await expect(page.getByText('Page 2 of 2')).toBeVisible();
    await expectAccessible(page);

    // Editing a row comes back to the same page of the same search.
    await page.getByRole('link', { name: `Edit Paging Lamp ${tag} 01` }).click();
    await page.getByLabel('Count In Stock').fill('7');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await expect(page.getByText(messages.productUpdated)).toBeVisible();
    await expect(summary).toHaveText(`51 of 51 products`);
    await expect(table.getByRole('row').nth(1).getByRole('cell').nth(4)).toHaveText('7');

    // The only row of page 2 deleted: the list goes back to the page that now is its last.
    await page.getByRole('button', { name: `Delete Paging Lamp ${tag} 01` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(messages.productDeleted)).toBeVisible();
    await expect(summary).toHaveText(`1–50 of 50 products`);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);

    await findInList(page, 'Search products', `no such lamp ${tag}`);
    await expect(page.getByText(messages.noneMatch('product', `no such lamp ${tag}`))).toBeVisible();
    await expectAccessible(page);
    await page.goBack();
    await expect(summary).toHaveText(`1–50 of 50 products`);
    await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue(`lamp ${tag}`);
  });

  test('an admin pages back through the audit log to its older entries', async ({ page, customer }) => {
    await promoteToAdmin(customer);
    await loginThroughForm(page, customer.email, customer.password);
    const tag = `a${Date.now().toString(36)}`;
    // 51 admin actions: the first is at least a page below the newest entry.
    for (let i = 1; i <= ADMIN_PAGE_SIZE + 1; i += 1) {
      await addProduct(page.request, { name: `Audit Lamp ${tag} ${String(i).padStart(2, '0')}` });
    }

    await page.goto('/admin/auditLog');
    const summary = page.getByRole('status').filter({ hasText: / of [\d,]+ entries$/ });
    await expect(summary).toHaveText(/^1–50 of [\d,]+ entries$/);
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table.getByRole('row')).toHaveCount(ADMIN_PAGE_SIZE + 1);
    await expect(table).toContainText(`name: Audit Lamp ${tag} 51`);
    await expect(table).not.toContainText(`name: Audit Lamp ${tag} 01`);
    await expectAccessible(page);

    // Other tests add entries meanwhile: the first action is on page 2 or a little further.
    for (let at = 2; at <= 5; at += 1) {
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]page=${at}`));
      await expect(summary).toHaveText(new RegExp(`^${(at - 1) * ADMIN_PAGE_SIZE + 1}(–[\\d,]+)? of`));
      if (await table.getByText(`name: Audit Lamp ${tag} 01`).isVisible()) break;
    }
    await expect(table).toContainText(`name: Audit Lamp ${tag} 01`);
    await expectAccessible(page);
  });

  test('a customer opening /admin gets the spec message and lands on login', async ({ page, customer }) => {
    const adminChunks: string[] = [];
    page.on('request', (request) => {
      // The admin check itself (require-admin) loads for anyone at /admin; the panel must not.
      const url = request.url();
      if (/admin/i.test(url) && !/require-admin/.test(url) && url.endsWith('.js')) adminChunks.push(url);
    });
    await loginThroughForm(page, customer.email, customer.password);
    await page.goto('/admin');
    await expect(page.getByText(messages.unauthorizedNotAdmin)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('isLoggedIn'))).toBeNull();
    expect(adminChunks, 'a customer never downloads the admin pages').toEqual([]);
  });

  test("a customer at /admin loses the server's session too, not only the browser's", async ({
    page,
    customer,
    request,
  }) => {
    await loginThroughForm(page, customer.email, customer.password);
    const sid = await sessionCookieOf(page);
    expect(await sessionStatus(request, sid)).toBe(200);
    await page.goto('/admin');
    await expect(page.getByText(messages.unauthorizedNotAdmin)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => sessionStatus(request, sid), 'the old cookie opens nothing').toBe(401);
    await page.goto('/userDashboard');
    await expect(page).toHaveURL(/\/login\?next=%2FuserDashboard$/);
  });

  test("a customer whose stored admin flag lies is refused by the server and loses the server's session", async ({
    page,
    customer,
    request,
  }) => {
    await loginThroughForm(page, customer.email, customer.password);
    const sid = await sessionCookieOf(page);
    // Only browser storage says admin: the admin pages load and the server answers 403.
    await page.evaluate((key) => localStorage.setItem(key, 'true'), STORAGE_KEYS.admin);
    await page.goto('/admin');
    await expect(page.getByText(messages.unauthorizedNotAdmin)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.admin)).toBeNull();
    await expect.poll(() => sessionStatus(request, sid), 'the old cookie opens nothing').toBe(401);
  });
});
