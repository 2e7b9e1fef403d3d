import { cutText, DEFAULT_PAGE_SIZE, messages, NAME_CUT, type ProductList } from '@shop/shared';
import type { Page } from '@playwright/test';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, test } from '../support/fixtures';
import { coveredControls, sidewaysScroll } from '../support/layout';
import { E2E_BASE_URL } from '../support/env';
import { findProduct } from '../support/shop';

// Issue 31: a shopper on a 360 px phone and on a desktop keeps their place and reaches every control.
const widths = [360, 1280];

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function applyFilter(page: Page, filter: { sort?: string; category?: string }) {
  if (filter.sort) await page.getByLabel('Sort').selectOption({ label: filter.sort });
  if (filter.category) await page.getByLabel('Category').selectOption({ label: filter.category });
  await page.getByRole('button', { name: 'Filter' }).click();
}

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page, customer }) => {
      await page.setViewportSize({ width, height: 740 });
      await loginThroughForm(page, customer.email, customer.password);
    });

    test('a product opens at its top, and Back returns to the same place in the same list', async ({
      page,
    }) => {
      await applyFilter(page, { sort: 'High to Low' });
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/sort=htl/);
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
      const listUrl = page.url();

      // Far down the list: the last card.
      const card = productList(page).getByRole('link').last();
      await card.scrollIntoViewIfNeeded();
      const left = await scrollY(page);
      expect(left).toBeGreaterThan(600);
      const name = (await card.getAttribute('aria-label'))!;

      await card.click();
      await expect(page).toHaveURL(/\/item\//);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
      expect(await scrollY(page)).toBe(0);
      await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
      await expect(page.getByRole('link', { name: 'Back to products' })).toBeInViewport();

      await page.goBack();
      expect(page.url()).toBe(listUrl);
      await expect(page.getByLabel('Sort')).toHaveValue('htl');
      await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
      await expect.poll(() => scrollY(page)).toBe(left);
      await expect(productList(page).getByRole('link', { name, exact: true })).toBeInViewport();

      // Forward opens the product where it was left: at its top.
      await page.goForward();
      await expect(page.getByRole('heading', { level: 1, name })).toBeInViewport();
      expect(await scrollY(page)).toBe(0);
    });

    test('"Back to products" returns to the list with its search, sort, category and page', async ({
      page,
    }) => {
      await page.getByLabel('Search').fill('a');
      await applyFilter(page, { sort: 'Low to High', category: 'Mobiles' });
      await expect(page).toHaveURL(/category=mobiles/);
      const listUrl = page.url();
      // The page the server answers for this filter; the list shows it once the old one is gone.
      const asked = await page.request.get(
        `/api/get-products?q=a&sort=lth&category=mobiles&page=1&limit=${DEFAULT_PAGE_SIZE}`,
      );
      const names = ((await asked.json()) as ProductList).products.map((p) => p.name);
      expect(names.length).toBeGreaterThan(1);
      const shown = () =>
        productList(page)
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
      await expect.poll(shown).toEqual(names);

      await productList(page).getByRole('link').nth(1).click();
      await expect(page).toHaveURL(/\/item\//);
      // A reload of the product page keeps the way back too.
      await page.reload();
      await page.getByRole('link', { name: 'Back to products' }).click();
      expect(page.url()).toBe(listUrl);
      await expect(page.getByLabel('Search')).toHaveValue('a');
      await expect(page.getByLabel('Sort')).toHaveValue('lth');
      await expect(page.getByLabel('Category')).toHaveValue('mobiles');
      await expect.poll(shown).toEqual(names);
    });

    test("Add to Cart's toast leaves the navigation bar's controls free", async ({ page }) => {
      const kettle = await findProduct(page.request, 'Chai Time Smart Kettle');
      await page.goto(`/item/${kettle._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: messages.cartSaved });
      await expect(toast).toBeVisible();

      // Not over the bar: the toast starts below it, on the right as the spec has it.
      const bar = (await page.getByRole('banner').boundingBox())!;
      const box = (await toast.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(bar.y + bar.height);
      expect(box.x + box.width).toBeGreaterThan(width / 2);
      const menuButton = mainNav(page).getByRole('button', { name: /account menu/ });
      const cartLink = mainNav(page).getByRole('link', { name: /^Cart, / });
      expect(await coveredControls(menuButton.or(cartLink))).toEqual([]);

      // The menu opens over the toast, not under it.
      await menuButton.click();
      const menuItems = page.getByRole('menuitem');
      await expect(menuItems.first()).toBeVisible();
      if (await toast.isVisible()) expect(await coveredControls(menuItems)).toEqual([]);
      await page.getByRole('menuitem', { name: 'Orders' }).click();
      await expect(page).toHaveURL(/\/orders$/);
      await cartLink.click();
      await expect(page).toHaveURL(/\/cart$/);
    });

    test('a toast can be closed before its time is up', async ({ page }) => {
      const kettle = await findProduct(page.request, 'Chai Time Smart Kettle');
      await page.goto(`/item/${kettle._id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: messages.cartSaved });
      await toast.getByRole('button', { name: /close/i }).click();
      // Well before its 5 seconds are up.
      await expect(toast).toBeHidden({ timeout: 2_000 });
    });

    test('the dashboard shows two or more cards a row, each readable', async ({ page }) => {
      // The demo catalog's games, each with its picture (other tests add products without one).
      await page.goto('/userDashboard?sort=lth&category=games');
      const cards = productList(page).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      const boxes = await cards.evaluateAll((els) =>
        els.slice(0, 4).map((el) => {
          const card = el.getBoundingClientRect();
          const area = el.querySelector('img')!.parentElement!.getBoundingClientRect();
          const image = el.querySelector('img')!.getBoundingClientRect();
          const price = Array.from(el.querySelectorAll('p')).find((p) => p.textContent?.startsWith('₹'))!;
          const priceBox = price.getBoundingClientRect();
          return {
            top: card.top,
            left: card.left,
            cardWidth: card.width,
            area: { width: area.width, height: area.height },
            image: { width: image.width, height: image.height },
            priceInside: priceBox.left >= card.left && priceBox.right <= card.right + 0.5,
            priceCut: price.scrollWidth > price.clientWidth,
            priceSize: parseFloat(getComputedStyle(price).fontSize),
          };
        }),
      );
      const firstRow = boxes.filter((box) => box.top === boxes[0]!.top);
      expect(firstRow.length).toBeGreaterThanOrEqual(2);
      for (const box of boxes) {
        // The picture fills its area but for a thin margin.
        expect(box.image.width).toBeGreaterThanOrEqual(box.area.width * 0.9);
        expect(box.image.height).toBeGreaterThanOrEqual(box.area.height * 0.9);
        expect(box.priceInside).toBe(true);
        expect(box.priceCut).toBe(false);
        expect(box.priceSize).toBeGreaterThanOrEqual(16);
      }
      expect(await sidewaysScroll(page)).toBe(0);

      // Names cut to 25 characters, as the spec says.
      const shown = await productList(page).getByRole('heading').allInnerTexts();
      const full = await productList(page)
        .getByRole('link')
        .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''));
      expect(shown).toEqual(full.map((name) => cutText(name, NAME_CUT.dashboard)));
      await expectAccessible(page);
    });
  });
}

test.describe('a deep link while logged out', () => {
  for (const width of widths) {
    test(`returns to the page asked for after login, at ${width} px`, async ({ page, customer, request }) => {
      await page.setViewportSize({ width, height: 740 });
      // The product's id, read in a session of its own: the browser stays logged out.
      await request.post('/api/user/login', { data: { email: customer.email, password: customer.password } });
      const kettle = await findProduct(request, 'Chai Time Smart Kettle');

      await page.goto(`/item/${kettle._id}`);
      await expect(page.getByText(messages.unauthorizedLogin)).toBeVisible();
      await expect(page).toHaveURL(/\/login\?next=/);
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password').fill(customer.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(new RegExp(`/item/${kettle._id}$`));
      await expect(page.getByRole('heading', { level: 1, name: kettle.name })).toBeVisible();

      // A list with its filter comes back with it.
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/userDashboard?q=phone&sort=htl&category=mobiles&page=1');
      await expect(page).toHaveURL(/\/login\?next=/);
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password').fill(customer.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page).toHaveURL(/\/userDashboard\?q=phone&sort=htl&category=mobiles&page=1$/);
      await expect(page.getByLabel('Category')).toHaveValue('mobiles');
    });
  }

  for (const next of [
    '//evil.example/item/1',
    'https://evil.example/',
    '/\\evil.example',
    '/\t/evil.example',
  ]) {
    test(`never leaves the shop for ${JSON.stringify(next)}`, async ({ page, customer }) => {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await page.getByLabel('Email').fill(customer.email);
      await page.getByLabel('Password').fill(customer.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText(messages.loginSuccess)).toBeVisible();
      await expect(page).toHaveURL(`${E2E_BASE_URL}/userDashboard`);
    });
  }
});
