import fs from 'node:fs/promises';
import { overviewMessages, TEST_CARDS, type Product } from '@shop/shared';
import type { Browser } from '@playwright/test';
import { addProduct, loginAsAdmin } from '../support/admin';
import { expect, expectAccessible, newCustomer, test } from '../support/fixtures';
import { sidewaysScroll } from '../support/layout';
import { shippingOf } from '../support/orders';
import { findProduct } from '../support/shop';

/** A customer of their own buys one of this product through the API, as the pages do. */
async function someoneBuys(browser: Browser, productName: string) {
  const context = await browser.newContext();
  const customer = newCustomer();
  const request = context.request;
  await request.post('/api/user/register', { data: { ...customer, confiremPassword: customer.password } });
  await request.post('/api/user/login', { data: { email: customer.email, password: customer.password } });
  const product: Product = await findProduct(request, productName);
  await request.post('/api/saveCart', { data: { item: { _id: product._id }, quantity: 1 } });
  const created = await (
    await request.post('/api/payment/orderCreate', { data: { data: shippingOf(customer) } })
  ).json();
  const paid = await request.post('/api/payment/test-gateway/pay', {
    data: { order_id: created.id, card_number: TEST_CARDS.success },
  });
  expect((await request.post('/api/payment/cartDetail', { data: await paid.json() })).status()).toBe(200);
  await context.close();
  return product;
}

for (const [width, viewport] of [
  ['a desktop', { width: 1280, height: 900 }],
  ['360 px', { width: 360, height: 740 }],
] as const) {
  test.describe(`the owner's overview, low stock and CSV on ${width}`, () => {
    test.use({ viewport });

    test('the panel opens on the overview: figures, both charts, the table alternative, top products', async ({
      page,
      browser,
      customer: admin,
    }) => {
      const bought = await someoneBuys(browser, 'Ludo Royale Wooden Board Set');
      await loginAsAdmin(page, admin);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Overview', level: 2 })).toBeVisible();
      const last30 = page.getByRole('region', { name: 'Last 30 days' });
      await expect(last30.getByText('Paid orders')).toBeVisible();
      await expect(
        page
          .getByRole('group', { name: /^Revenue, the last 30 days: chart/ })
          .locator('svg')
          .first(),
      ).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        page
          .getByRole('group', { name: /^Paid orders, the last 30 days: chart/ })
          .locator('svg')
          .first(),
      ).toBeVisible();
      await expect(page.getByRole('table', { name: 'Top 10 by revenue' })).toContainText(bought.name);
      await expectAccessible(page);
      expect(await sidewaysScroll(page)).toBe(0);

      await page.getByText('Show the figures as a table').click();
      const table = page.getByRole('table', { name: 'Sales per day, the last 30 days' });
      await expect(table.getByRole('row')).toHaveCount(31);
      await expectAccessible(page);
      await page.getByRole('button', { name: '12 months' }).click();
      await expect(
        page.getByRole('table', { name: 'Sales per month, the last 12 months' }).getByRole('row'),
      ).toHaveCount(13);
      expect(await sidewaysScroll(page)).toBe(0);

      // The spec's nested pages are still there.
      const adminNav = page.getByRole('navigation', { name: 'Admin' });
      await adminNav.getByRole('link', { name: 'Products' }).click();
      await expect(page).toHaveURL(/\/admin\/productList$/);

      // Back on the overview after a sale made meanwhile, the figures count it: read again, not kept.
      const paidOrders = async () =>
        Number(
          await last30
            .locator('div', { has: page.getByText('Paid orders', { exact: true }) })
            .locator('dd')
            .textContent(),
        );
      await adminNav.getByRole('link', { name: 'Overview' }).click();
      await expect(last30.getByText('Paid orders')).toBeVisible();
      const before = await paidOrders();
      await someoneBuys(browser, 'Chakra 3x3 Speed Cube');
      await adminNav.getByRole('link', { name: 'Products' }).click();
      await adminNav.getByRole('link', { name: 'Overview' }).click();
      await expect.poll(paidOrders).toBeGreaterThan(before);
    });

    test('low stock lists a product at its threshold; the owner sets its own and the default', async ({
      page,
      customer: admin,
    }) => {
      await loginAsAdmin(page, admin);
      const name = `Brass diya ${Date.now()}`;
      await addProduct(page.request, { name, price: 249, countInStock: 1 });
      await page.goto('/admin/lowStock');
      const table = page.getByRole('table', { name: 'Products low in stock' });
      const row = table.getByRole('row').filter({ hasText: name });
      await expect(row).toContainText('(default)');
      await expectAccessible(page);
      expect(await sidewaysScroll(page)).toBe(0);

      await row.getByRole('spinbutton', { name: `Own threshold of ${name}` }).fill('3');
      await row.getByRole('button', { name: 'Save' }).click();
      await expect(row.getByRole('status')).toHaveText(overviewMessages.thresholdSaved);
      await expect(row.getByRole('cell').nth(2)).toHaveText('3');

      await page.getByRole('spinbutton', { name: 'Default threshold' }).fill('-1');
      await page.getByRole('button', { name: 'Save default' }).click();
      await expect(page.getByText(overviewMessages.invalidThreshold)).toBeVisible();

      // The product's own threshold is on its edit page too, where one not low yet can get one.
      await row.getByRole('link', { name }).click();
      const own = page.getByRole('spinbutton', { name: 'Low-stock threshold' });
      await expect(own).toHaveValue('3');
      await own.fill('');
      await page.getByRole('button', { name: 'Save threshold' }).click();
      await expect(page.getByRole('region', { name: 'Low-stock threshold' }).getByRole('status')).toHaveText(
        overviewMessages.thresholdSaved,
      );
      await expectAccessible(page);
      expect(await sidewaysScroll(page)).toBe(0);
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Low Stock' }).click();
      await expect(
        page.getByRole('table', { name: 'Products low in stock' }).getByRole('row').filter({ hasText: name }),
      ).toContainText('(default)');
      await expectAccessible(page);
    });

    test('exports products with a BOM, and a dry run shows rejected rows before an import writes', async ({
      page,
      customer: admin,
    }, testInfo) => {
      await loginAsAdmin(page, admin);
      await page.goto('/admin/importExport');
      await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible();
      await expectAccessible(page);
      expect(await sidewaysScroll(page)).toBe(0);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download products (CSV)' }).click(),
      ]);
      const bytes = await fs.readFile((await download.path())!);
      expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const header = 'id,name,category,price,countInStock,image,description,hsnCode,gstRate';
      expect(bytes.toString('utf8')).toContain(header);

      const name = `मिट्टी का दीया ${Date.now()}`;
      const good = `,${name},fashion,99.50,20,https://cdn.example.com/diya.jpg,Hand-made,6913,12`;
      const file = testInfo.outputPath('products.csv');
      await fs.writeFile(
        file,
        [header, good, ',Cheap lamp,fashion,-5,3,https://cdn.example.com/a.jpg,Bad price,,'].join('\n'),
      );
      await page.getByLabel('CSV file').setInputFiles(file);
      await page.getByRole('button', { name: 'Check the file' }).click();
      const rejected = page.getByRole('table', { name: 'Rejected rows' });
      await expect(rejected).toContainText('price: Price must be a positive amount');
      await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
      await expectAccessible(page);

      const fixed = testInfo.outputPath('products-fixed.csv');
      await fs.writeFile(fixed, [header, good].join('\n'));
      await page.getByLabel('CSV file').setInputFiles(fixed);
      await page.getByRole('button', { name: 'Check the file' }).click();
      await expect(page.getByText('Checked: 1 to add, 0 to update, 0 unchanged, 0 rejected.')).toBeVisible();
      await expect(page.getByRole('table', { name: 'Changes' })).toContainText(name);
      await page.getByRole('button', { name: 'Import' }).click();
      await expect(page.getByText('Imported: 1 added, 0 updated.')).toBeVisible();
      const found = await page.request.get(`/api/getAllProducts?q=${encodeURIComponent(name)}&page=1`);
      expect(
        ((await found.json()) as Product[]).map(({ name, hsnCode, gstRate }) => ({ name, hsnCode, gstRate })),
      ).toEqual([{ name, hsnCode: '6913', gstRate: 12 }]);
    });
  });
}
