import fs from 'node:fs/promises';
import { messages, orderMessages } from '@shop/shared';
import type { Locator, Page } from '@playwright/test';
import { addProduct, loginAsAdmin, tinyPng } from '../support/admin';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, newCustomer, test } from '../support/fixtures';
import { expectFocusOnText, focusedElement, focusUnderTopBar, positionsOf } from '../support/keyboard';
import { someoneOrders } from '../support/orders';
import { fillShipping, findProduct } from '../support/shop';

// Keyboard only, as a screen reader user moves too: where the focus goes after each action.

/** Focuses the button (it must be one the page shows) and presses Enter on it, as a keyboard does. */
async function pressEnterOn(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

/** Presses Shift+Tab until `target` has the focus, at most `limit` times. */
async function shiftTabTo(page: Page, target: Locator, limit = 8) {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Shift+Tab');
  }
  await expect(target).toBeFocused();
}

/** Answers every request to `url` this much later, so a second key press comes while one runs. */
async function slowDown(page: Page, url: string, ms = 800) {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

for (const [width, viewport, card] of [
  ['a desktop', { width: 1280, height: 600 }, 4],
  ['360 px', { width: 360, height: 640 }, 2],
] as const) {
  test(`Shift+Tab to a control half under the sticky bar on ${width}: it comes out from under it`, async ({
    page,
    customer,
  }) => {
    await page.setViewportSize(viewport);
    await loginThroughForm(page, customer.email, customer.password);
    const target = page.getByRole('list', { name: 'Products' }).getByRole('link').nth(card);
    await expect(target).toBeVisible();
    // The focus on the control after it; the page scrolled so the bar covers the target's top half.
    await target.evaluate((element) => element.focus({ preventScroll: true }));
    await page.keyboard.press('Tab');
    await target.evaluate((element) => {
      const bar = document.querySelector('header')!.getBoundingClientRect();
      window.scrollBy(0, element.getBoundingClientRect().top - (bar.bottom - 30));
    });
    expect(await target.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(64);
    await page.keyboard.press('Shift+Tab');
    await expect(target).toBeFocused();
    expect(await focusUnderTopBar(page), await focusedElement(page)).toBe(false);
  });
}

test.describe('the cart by keyboard', () => {
  test('pressing plus again while the quantity updates keeps the focus on it', async ({ page, customer }) => {
    await loginThroughForm(page, customer.email, customer.password);
    const kettle = await findProduct(page.request, 'Chai Time Smart Kettle');
    await page.request.post('/api/saveCart', { data: { item: { _id: kettle._id }, quantity: 1 } });
    await slowDown(page, '**/api/updateQuantity');
    await page.goto('/cart');
    const quantity = page.getByRole('group', { name: `Quantity of ${kettle.name}` });
    await expect(quantity).toContainText('1');
    await pressEnterOn(page, `Increase quantity of ${kettle.name}`);
    // Pressed again while the first update runs: ignored, and the focus stays.
    await page.keyboard.press('Enter');
    await expect(quantity).toContainText('2');
    await expect(page.getByRole('button', { name: `Increase quantity of ${kettle.name}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(quantity).toContainText('3');
    await expect(page.getByRole('button', { name: `Increase quantity of ${kettle.name}` })).toBeFocused();
    await pressEnterOn(page, `Decrease quantity of ${kettle.name}`);
    await page.keyboard.press('Enter');
    await expect(quantity).toContainText('2');
    await expect(page.getByRole('button', { name: `Decrease quantity of ${kettle.name}` })).toBeFocused();
  });

  test('removing the last line puts the focus on the empty cart', async ({ page, customer }) => {
    await loginThroughForm(page, customer.email, customer.password);
    const kettle = await findProduct(page.request, 'Chai Time Smart Kettle');
    await page.request.post('/api/saveCart', { data: { item: { _id: kettle._id }, quantity: 1 } });
    await page.goto('/cart');
    await pressEnterOn(page, `Delete ${kettle.name}`);
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(messages.emptyCart)).toBeFocused();
    await expectAccessible(page);
  });
});

test("after a page change the new page's heading has the focus", async ({ page, customer }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await pressEnterOn(page, 'Login');
  await expect(page).toHaveURL(/\/userDashboard$/);
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeFocused();
  // Tab on from the heading reaches the list; Enter on a product opens its page.
  const first = page.getByRole('list', { name: 'Products' }).getByRole('link').first();
  const name = (await first.getAttribute('aria-label')) ?? '';
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/item\//);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeFocused();
  // The account menu's Orders: the menu closes and gives its button the focus; the page takes it.
  await shiftTabTo(page, page.getByRole('button', { name: /account menu/ }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expectAccessible(page);
});

test.describe('the account menu by keyboard', () => {
  test('opens on its first item the first time too, and the highlighted item shows a ring', async ({
    page,
    customer,
  }) => {
    await loginThroughForm(page, customer.email, customer.password);
    // From the new page's heading back to the menu's button in the top bar, as a keyboard goes.
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeFocused();
    const button = page.getByRole('button', { name: /account menu/ });
    await shiftTabTo(page, button);
    await page.keyboard.press('Enter');
    const dashboard = page.getByRole('menuitem', { name: 'Dashboard' });
    await expect(dashboard).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const orders = page.getByRole('menuitem', { name: 'Orders' });
    await expect(orders).toBeFocused();
    // A 2 px ring of indigo-700 (Tailwind's oklch), 3:1 and more against the white menu and its tint.
    expect(await orders.evaluate((item) => getComputedStyle(item).boxShadow)).toContain(
      'oklch(0.457 0.24 277.023) 0px 0px 0px 2px inset',
    );
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dashboard).toBeFocused();
  });
});

test('Tab moves on past a toast to the footer', async ({ page, customer }) => {
  await loginThroughForm(page, customer.email, customer.password);
  await page.goto('/profile');
  await page.getByLabel('Name').fill(`${customer.name} K`);
  await pressEnterOn(page, 'Update');
  const toast = page.getByText(messages.nameChanged);
  await expect(toast).toBeVisible();
  // From the page's last control: the toast, its Close button, then on to the footer.
  await page.locator('main').evaluate((main) => {
    const controls = main.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea');
    controls[controls.length - 1]?.focus();
  });
  const stops: string[] = [];
  for (let i = 0; i < 4; i += 1) {
    await page.keyboard.press('Tab');
    stops.push(await focusedElement(page));
    if (await page.getByRole('contentinfo').evaluate((footer) => footer.contains(document.activeElement)))
      break;
  }
  expect(stops.at(-1), stops.join(' → ')).toMatch(/^a /);
  await expect(page.getByRole('contentinfo').locator(':focus')).toHaveCount(1);
  await expect(toast).toBeVisible();
});

test('at 360 px the test payment window goes by Tab as it shows: card, Cancel, Pay', async ({
  page,
  customer,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await loginThroughForm(page, customer.email, customer.password);
  const kettle = await findProduct(page.request, 'Chai Time Smart Kettle');
  await page.request.post('/api/saveCart', { data: { item: { _id: kettle._id }, quantity: 1 } });
  await page.goto('/placeOrder');
  await fillShipping(page);
  await page.getByRole('button', { name: /^Pay/ }).click();
  const window = page.getByRole('dialog', { name: 'Test payment' });
  const card = window.getByLabel('Card number');
  await expect(card).toBeFocused();
  const names: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    await page.keyboard.press('Tab');
    names.push(await focusedElement(page));
  }
  expect(names).toEqual(['button "Cancel"', expect.stringMatching(/^button "Pay/)]);
  const [cardAt, cancelAt, payAt] = await positionsOf([
    card,
    window.getByRole('button', { name: 'Cancel' }),
    window.getByRole('button', { name: /^Pay/ }),
  ]);
  expect(cardAt!.top).toBeLessThan(cancelAt!.top);
  expect(cancelAt!.top).toBeLessThan(payAt!.top);
});

test.describe('the admin pages by keyboard', () => {
  test('the order page: a failed Ship or Cancel focuses the first invalid field; done, the status history', async ({
    page,
    browser,
    customer: admin,
  }) => {
    const order = await someoneOrders(browser, 'Ludo Royale Wooden Board Set');
    await loginAsAdmin(page, admin);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/admin/orderList/${order._id}`);
    const ship = page.getByRole('form', { name: 'Ship' });
    await expect(ship).toBeVisible({ timeout: 30_000 });
    await pressEnterOn(page, 'Mark shipped');
    await expect(ship.getByLabel('Carrier')).toBeFocused();
    await expect(ship.getByText(orderMessages.carrierRequired)).toBeVisible();
    expect(await focusUnderTopBar(page)).toBe(false);
    await page.keyboard.type('India Post');
    await pressEnterOn(page, 'Mark shipped');
    await expect(ship.getByLabel('Tracking number')).toBeFocused();

    const cancel = page.getByRole('form', { name: 'Cancel' });
    await pressEnterOn(page, 'Cancel and refund');
    await expect(cancel.getByLabel('Reason')).toBeFocused();
    expect(await focusUnderTopBar(page)).toBe(false);

    await ship.getByLabel('Tracking number').fill('EE123456789IN');
    await pressEnterOn(page, 'Mark shipped');
    await expect(page.getByText(orderMessages.orderShippedDone, { exact: true })).toBeVisible();
    const history = page.getByRole('heading', { name: orderMessages.statusHistory });
    await expect(history).toBeFocused();
    await pressEnterOn(page, 'Mark delivered');
    await expect(page.getByRole('form', { name: 'Return' })).toBeVisible();
    await expect(history).toBeFocused();
    await pressEnterOn(page, 'Mark returned and refund');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).press('Enter');
    await expect(page.getByRole('form', { name: 'Return' })).toHaveCount(0);
    await expect(history).toBeFocused();
    await expectAccessible(page);
  });

  test('deleting the last row of a list focuses its empty state, for products and users', async ({
    page,
    customer: admin,
  }) => {
    await loginAsAdmin(page, admin);
    const name = `Keyboard Lamp ${Date.now().toString(36)}`;
    await addProduct(page.request, { name });
    await page.goto(`/admin/productList?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('table', { name: 'Products' })).toContainText(name, { timeout: 30_000 });
    await pressEnterOn(page, `Delete ${name}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectFocusOnText(page, messages.noneMatch('product', name));

    const other = newCustomer();
    await page.request.post('/api/user/register', { data: { ...other, confiremPassword: other.password } });
    await page.goto(`/admin/userList?q=${encodeURIComponent(other.email)}`);
    await expect(page.getByRole('table', { name: 'Users' })).toContainText(other.email, { timeout: 30_000 });
    await pressEnterOn(page, `Delete ${other.name}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expectFocusOnText(page, messages.noneMatch('user', other.email));
    await expectAccessible(page);
  });

  test('uploading an image keeps the focus on the file input; saving opens the list on its heading', async ({
    page,
    customer: admin,
  }) => {
    await loginAsAdmin(page, admin);
    await page.goto('/admin/addNewProduct');
    const upload = page.getByLabel('Upload image');
    await upload.focus();
    await slowDown(page, '**/api/admin/uploads');
    await upload.setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(upload).toHaveAttribute('aria-disabled', 'true');
    await expect(upload).toBeFocused();
    await expect(page.getByText(messages.imageUploaded)).toBeVisible();
    await expect(upload).toBeFocused();

    await page.getByLabel('Name').fill(`Keyboard Kettle ${Date.now().toString(36)}`);
    await page.getByLabel('Category').selectOption('fashion');
    await page.getByLabel('Price').fill('349.50');
    await page.getByLabel('Count In Stock').fill('12');
    await page.getByLabel('Description').fill('Made for a keyboard test.');
    await pressEnterOn(page, 'Add Product');
    await expect(page).toHaveURL(/\/admin\/productList$/);
    await expect(page.getByRole('heading', { name: 'Products', level: 2 })).toBeFocused();
  });

  test('the overview charts take no Tab stop', async ({ page, customer: admin }) => {
    await loginAsAdmin(page, admin);
    await page.goto('/admin');
    const charts = page.getByRole('group', { name: /: chart, the same figures/ });
    await expect(charts.first().locator('svg').first()).toBeVisible({ timeout: 30_000 });
    await expect(charts.nth(1).locator('svg').first()).toBeVisible({ timeout: 30_000 });
    // Drawn in full: recharts' layers (the <g> elements Chromium made Tab stops of) are there.
    for (const chart of [charts.first(), charts.nth(1)]) {
      await expect(chart.locator('g[class*="recharts-zIndex-layer"]').first()).toBeAttached();
    }
    // From the period switch, Tab goes past both charts to the table's region.
    await page.getByRole('button', { name: '12 months' }).focus();
    const stops: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const inChart = await charts.evaluateAll((figures) =>
        figures.some((figure) => figure.contains(document.activeElement)),
      );
      if (inChart) stops.push(await focusedElement(page));
    }
    expect(stops).toEqual([]);
    await expectAccessible(page);
  });

  test('a CSV import leaves the focus on its result', async ({ page, customer: admin }, testInfo) => {
    await loginAsAdmin(page, admin);
    await page.goto('/admin/importExport');
    const file = testInfo.outputPath('products.csv');
    await fs.writeFile(
      file,
      [
        'id,name,category,price,countInStock,image,description,hsnCode,gstRate',
        `,Keyboard Diya ${Date.now().toString(36)},fashion,99.50,20,https://cdn.example.com/diya.jpg,Hand-made,6913,12`,
      ].join('\n'),
    );
    await page.getByLabel('CSV file').setInputFiles(file);
    await pressEnterOn(page, 'Check the file');
    await expect(page.getByText(/^Checked: 1 to add/)).toBeVisible();
    await pressEnterOn(page, 'Import');
    await expect(page.getByText('Imported: 1 added, 0 updated.')).toBeVisible();
    await expectFocusOnText(page, 'Imported: 1 added, 0 updated.');
  });
});
