import { gstMessages, type Order, type Product } from '@shop/shared';
import type { Page } from '@playwright/test';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, newCustomer, test, type Customer } from '../support/fixtures';
import { shippingOf, buyThroughApi } from '../support/orders';
import { OWN_SERVER_URL, startOwnServer, type OwnServer } from '../support/own-server';
import { findProduct } from '../support/shop';

// GST on is a setting of the whole shop: these run on a server of their own, one after the other.
test.describe.configure({ mode: 'serial' });
let server: OwnServer;
test.beforeAll(async () => {
  server = await startOwnServer('gst');
});
test.afterAll(async () => {
  await server?.stop();
});
test.use({ baseURL: OWN_SERVER_URL });

async function registered(page: Page): Promise<Customer> {
  const customer = newCustomer();
  const res = await page.request.post('/api/user/register', {
    data: { ...customer, confiremPassword: customer.password },
  });
  expect(res.status()).toBe(201);
  return customer;
}

async function loggedInAdmin(page: Page): Promise<Customer> {
  const admin = await registered(page);
  await server.promoteToAdmin(admin.email, admin.password);
  await loginThroughForm(page, admin.email, admin.password);
  return admin;
}

for (const [width, viewport] of [
  ['a desktop', { width: 1280, height: 900 }],
  ['360 px', { width: 360, height: 740 }],
] as const) {
  test(`the owner sets up GST on ${width}: a GSTIN with a wrong check character is refused`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await loggedInAdmin(page);
    await page.goto('/admin/gst');
    await expect(page.getByRole('heading', { name: 'GST', level: 2 })).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('Charge GST and issue tax invoices').check();
    await page.getByLabel('Legal name').fill('Asha Traders Private Limited');
    await page.getByLabel('Address').fill('4 Station Road, Pune 411001');
    await page.getByLabel('State').selectOption('27');
    await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZW');
    await page.getByLabel('Invoice prefix').fill('SHOP');
    await page.getByRole('button', { name: 'Save GST settings' }).click();
    await expect(page.getByText(gstMessages.gstinInvalid)).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
    await page.getByRole('button', { name: 'Save GST settings' }).click();
    await expect(page.getByText(gstMessages.settingsSaved).first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('GSTIN')).toHaveValue('27AAPFU0939F1ZV');
    await expect(page.getByLabel('Charge GST and issue tax invoices')).toBeChecked();
    await expect(page.getByRole('link', { name: /GSTR-1 B2C small/ })).toHaveAttribute(
      'href',
      /\/api\/admin\/gst\/report\?month=\d{4}-\d{2}&section=b2cs/,
    );
  });
}

test('a product gets its HSN code and rate; the customer and the owner download the tax invoice, then a credit note per refund', async ({
  page,
  browser,
}) => {
  await loggedInAdmin(page);
  const product: Product = await findProduct(page.request, 'Chai Time Smart Kettle');
  await page.goto(`/admin/editProduct/${product._id}`);
  await page.getByLabel('HSN code').fill('85161000');
  await page.getByLabel('GST rate').selectOption('18');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Update Product' }).click();
  await expect(page).toHaveURL(/\/admin\/productList/);

  // A customer buys it, shipped to another state: IGST.
  const context = await browser.newContext({ reducedMotion: 'reduce', baseURL: OWN_SERVER_URL });
  const shopperPage = await context.newPage();
  const shopper = await registered(shopperPage);
  await loginThroughForm(shopperPage, shopper.email, shopper.password);
  await buyThroughApi(shopperPage.request, product, { ...shippingOf(shopper), state: 'Karnataka' });
  const orders = (await (await shopperPage.request.get('/api/user/get-orders')).json()) as Order[];
  const order = orders[0]!;
  expect(order.taxDocuments?.invoice).toMatch(/^SHOP\/\d{4}\/00001$/);

  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 900 },
  ]) {
    await shopperPage.setViewportSize(viewport);
    await shopperPage.goto(`/orderSummary/${order._id}`);
    const link = shopperPage.getByRole('link', {
      name: `${gstMessages.invoiceLink} ${order.taxDocuments!.invoice}`,
    });
    await expect(link).toBeVisible();
    await expectAccessible(shopperPage);
  }
  const download = shopperPage.waitForEvent('download');
  await shopperPage
    .getByRole('link', { name: `${gstMessages.invoiceLink} ${order.taxDocuments!.invoice}` })
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`Invoice-${order.taxDocuments!.invoice.replace(/\//g, '-')}.pdf`);
  const bytes = await import('node:fs/promises').then(async (fs) => fs.readFile((await file.path())!));
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await context.close();

  // The owner finds the same invoice on the order page.
  await page.goto(`/admin/orderList/${order._id}`);
  const documents = page.getByRole('region', { name: 'Payment' });
  await expect(
    documents.getByRole('link', { name: `${gstMessages.invoiceLink} ${order.taxDocuments!.invoice}` }),
  ).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page);

  // Delivered, then two partial refunds from the Refund form: a credit note each, both listed and downloadable.
  await page.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(page.getByRole('form', { name: 'Refund' })).toBeVisible();
  for (const amount of ['100', '250.50']) {
    const refund = page.getByRole('form', { name: 'Refund' });
    await refund.getByLabel('Amount in rupees (empty: all that is left)').fill(amount);
    await refund.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
  }
  const notes = documents.getByRole('link', { name: gstMessages.creditNoteLink });
  await expect(notes).toHaveCount(2);
  const second = (await notes.nth(1).textContent())!.replace(gstMessages.creditNoteLink, '').trim();
  const noteDownload = page.waitForEvent('download');
  await notes.nth(1).click();
  expect((await noteDownload).suggestedFilename()).toBe(`Credit-note-${second.replace(/\//g, '-')}.pdf`);
});
