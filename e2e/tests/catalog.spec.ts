import { formatRupees, messages, REVIEWS_ON_PRODUCT_PAGE, TEST_CARDS, type Product } from '@shop/shared';
import type { APIRequestContext, Page } from '@playwright/test';
import { loginThroughForm } from '../support/auth';
import { productWithReviews } from '../support/db';
import { expect, expectAccessible, test } from '../support/fixtures';
import { resizeTo } from '../support/layout';
import { shippingOf } from '../support/orders';

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
/** Opens the page of a seeded product no test changes or deletes, from the dashboard's search. */
async function openCamera(page: Page) {
  await page.goto('/userDashboard?q=Kathakali');
  await productList(page)
    .getByRole('link', { name: /Kathakali Mirrorless Camera/ })
    .click();
}
/**
 * Scrolls to the review form, whose code loads when its box comes into view. The placeholder's
 * heading may give way to the form's while scrolling: then it tries again.
 */
const scrollToReviewForm = (page: Page) =>
  expect(() =>
    page
      .getByRole('heading', { name: /^(Rate this product|Your review)$/ })
      .scrollIntoViewIfNeeded({ timeout: 2_000 }),
  ).toPass({ timeout: 15_000 });

/** Prices shown on the cards, in rupees, in the order shown. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await productList(page).getByRole('listitem').allInnerTexts();
  return texts.map((text) => Number(/₹([\d,]+(?:\.\d\d)?)/.exec(text)![1]!.replaceAll(',', '')));
}

async function cardNames(page: Page): Promise<string[]> {
  const links = productList(page).getByRole('link');
  return links.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
}

async function applyFilter(page: Page, filter: { search?: string; sort?: string; category?: string }) {
  if (filter.search !== undefined) await page.getByLabel('Search').fill(filter.search);
  if (filter.sort) await page.getByLabel('Sort').selectOption({ label: filter.sort });
  if (filter.category) await page.getByLabel('Category').selectOption({ label: filter.category });
  await page.getByRole('button', { name: 'Filter' }).click();
}

/** Buys one of the first product the search finds, as the session's customer, with the test card. */
async function buyOne(request: APIRequestContext, search: string, customer: { name: string; email: string }) {
  const list = await (await request.get(`/api/get-products?q=${search}`)).json();
  const product = (list.products as Product[])[0]!;
  await request.post('/api/saveCart', { data: { item: { _id: product._id }, quantity: 1 } });
  const shipping = shippingOf(customer);
  const order = await (await request.post('/api/payment/orderCreate', { data: { data: shipping } })).json();
  const paid = await request.post('/api/payment/test-gateway/pay', {
    data: { order_id: order.id, card_number: TEST_CARDS.success },
  });
  expect((await request.post('/api/payment/cartDetail', { data: await paid.json() })).status()).toBe(200);
}

test.describe('catalog', () => {
  test.beforeEach(async ({ page, customer }) => {
    await loginThroughForm(page, customer.email, customer.password);
  });

  test('filters by search, category and sort, and keeps the filter in the URL', async ({ page }) => {
    await expect(productList(page).getByRole('link').first()).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByText(/^\d+ products$/)).toBeVisible();

    await applyFilter(page, { search: 'PHONE' });
    await expect(page).toHaveURL(/q=PHONE/);
    await expect(productList(page).getByRole('link', { name: 'Peacock Phone 5G' })).toBeVisible();
    for (const name of await cardNames(page)) expect(name.toLowerCase()).toContain('phone');

    await applyFilter(page, { search: '', category: 'Games' });
    await expect(page).toHaveURL(/category=games/);
    await expect(productList(page).getByRole('link', { name: 'Carrom Clash Board Game' })).toBeVisible();
    await expect(productList(page).getByRole('link', { name: 'Peacock Phone 5G' })).toHaveCount(0);

    await applyFilter(page, { sort: 'High to Low' });
    await expect(page).toHaveURL(/sort=htl/);
    await expect(productList(page).getByRole('link', { name: 'Carrom Clash Board Game' })).toBeVisible();
    const highToLow = await cardPrices(page);
    expect(highToLow.length).toBeGreaterThan(1);
    expect(highToLow).toEqual([...highToLow].sort((a, b) => b - a));

    await applyFilter(page, { sort: 'Low to High' });
    await expect(page).toHaveURL(/sort=lth/);
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.join() === [...prices].sort((a, b) => a - b).join() && prices.length > 1;
      })
      .toBe(true);

    // Refresh keeps the filter; Back returns to the previous one.
    await page.reload();
    await expect(page.getByLabel('Sort')).toHaveValue('lth');
    await expect(page.getByLabel('Category')).toHaveValue('games');
    await page.goBack();
    await expect(page.getByLabel('Sort')).toHaveValue('htl');

    await applyFilter(page, { search: 'no such thing in this shop' });
    await expect(page.getByText(messages.noProductsMatch)).toBeVisible();

    // An old link past the last page lands on the last page, in place of it in the history.
    await page.goto('/userDashboard?category=games&page=99');
    await expect(page).toHaveURL(/page=1(&|$)/);
    await expect(productList(page).getByRole('link', { name: 'Carrom Clash Board Game' })).toBeVisible();
    await expect(page.getByText(messages.noProductsMatch)).toHaveCount(0);
  });

  test('a page opened at its address asks for its first answer and picture once, while its code loads', async ({
    page,
  }) => {
    const asked: string[] = [];
    const unusedPreloads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/get-product')) asked.push(new URL(request.url()).pathname);
    });
    page.on('console', (msg) => {
      if (/preloaded using link preload but not used/.test(msg.text())) unusedPreloads.push(msg.text());
    });
    await expect(productList(page).getByRole('link').first()).toBeVisible();
    // A product of the demo catalog: other tests' products may have pictures that are gone.
    const demoCard = productList(page)
      .getByRole('listitem')
      .filter({ has: page.locator('img[src^="/images/products/"]') })
      .first();
    const href = await demoCard.getByRole('link').first().getAttribute('href');

    asked.length = 0;
    // Asked for by the page's HTML (a preload link), and that one answer is the one the app shows.
    const initiators = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/api/get-product'))
          .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
      );
    await page.goto('/userDashboard');
    await expect(productList(page).getByRole('link').first()).toBeVisible();
    expect(await initiators()).toEqual(['link']);
    await page.goto(href!);
    await expect(
      page.getByRole('button', { name: 'Add to Cart' }).or(page.getByText(messages.outOfStock).first()),
    ).toBeVisible();
    expect(await initiators()).toEqual(['link']);
    // The product's picture, its largest element, is named in the page's HTML too, and fetched once.
    const picture = page.locator('article img').first();
    await expect(picture).toBeVisible();
    await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute(
      'href',
      (await picture.getAttribute('src'))!,
    );
    const pictureFetches = await picture.evaluate((img: HTMLImageElement) => {
      const fetched = new URL(img.currentSrc).pathname;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === fetched).length;
    });
    expect(pictureFetches).toBe(1);
    // Chromium names a preload nobody used after a few seconds.
    await page.waitForTimeout(3500);
    expect(asked).toEqual(['/api/get-products', `/api/get-product/${href!.split('/').pop()}`]);
    expect(unusedPreloads).toEqual([]);
  });

  test('a page opened at its address shows at once, with no loading line while its code loads', async ({
    page,
  }) => {
    // Records every time the layout's loading line ("Loading…", the page's code on its way) shows.
    await page.addInitScript(() => {
      const shown: string[] = [];
      Object.assign(window, { loadingLinesShown: shown });
      new MutationObserver(() => {
        document.querySelectorAll('[role="status"]').forEach((status) => {
          if (status.textContent === 'Loading…') shown.push(location.pathname);
        });
      }).observe(document, { childList: true, subtree: true });
    });
    await expect(productList(page).getByRole('link').first()).toBeVisible();
    const href = (await productList(page).getByRole('link').first().getAttribute('href'))!;
    const opened = [
      { path: '/userDashboard', shows: () => productList(page).getByRole('link').first() },
      { path: href, shows: () => page.getByRole('heading', { level: 1 }) },
      { path: '/profile', shows: () => page.getByRole('heading', { name: 'Profile' }) },
    ];
    for (const { path, shows } of opened) {
      await page.goto(path);
      await expect(shows()).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { loadingLinesShown: string[] }).loadingLinesShown),
        path,
      ).toEqual([]);
    }
  });

  test('loads the review form when the shopper scrolls to it, on a phone', async ({ page }) => {
    await resizeTo(page, 360);
    const formCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/review-form-[\w-]+\.js$/.test(request.url())) formCode.push(request.url());
    });
    await openCamera(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Kathakali Mirrorless Camera/);
    await page.waitForLoadState('networkidle');
    expect(formCode).toEqual([]);
    await expect(page.getByText('Loading the review form…')).toBeAttached();
    await scrollToReviewForm(page);
    await expect(page.getByLabel('Comment')).toBeVisible();
    expect(formCode).toHaveLength(1);
    await expectAccessible(page);
  });

  test("says so when the review form's code cannot be loaded", async ({ page }) => {
    await page.route(/\/assets\/review-form-[\w-]+\.js$/, (route) => route.abort());
    await openCamera(page);
    // Beside the list of reviews: in view on a desktop, the form's box tries to load at once.
    await page.getByRole('region', { name: 'Reviews' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('alert')).toContainText(messages.reviewFormLoadFailed);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Kathakali Mirrorless Camera/);
  });

  test('shows a product and only the quantities in stock', async ({ page }) => {
    await applyFilter(page, { search: 'Kathakali' });
    await productList(page)
      .getByRole('link', { name: /Kathakali Mirrorless Camera/ })
      .click();
    await expect(page).toHaveURL(/\/item\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Kathakali Mirrorless Camera/);
    await expectAccessible(page);
    const quantity = page.getByLabel('Quantity');
    await expect(quantity.locator('option')).toHaveText(['1']);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();

    await page.goto('/userDashboard?q=Carrom');
    await productList(page).getByRole('link', { name: 'Carrom Clash Board Game' }).click();
    await expect(page.getByText(messages.outOfStock).first()).toBeVisible();
    await expect(page.getByLabel('Quantity')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
    await expect(page.getByText(messages.noReviews)).toBeVisible();

    await page.goto('/item/no-such-product');
    await expect(page.getByText(messages.productNotFound).first()).toBeVisible();
  });

  test("shows the latest 50 of a product's many reviews, and the shopper's own older one to edit", async ({
    page,
    customer,
  }) => {
    await loginThroughForm(page, customer.email, customer.password);
    // Any product answer names the session's user: that id is the own review's author.
    const list = (await (await page.request.get('/api/get-products?q=Ludo&page=1')).json()) as {
      products: { _id: string }[];
    };
    const { userId: myId } = (await (
      await page.request.get(`/api/get-product/${list.products[0]!._id}`)
    ).json()) as { userId: string };
    const name = `Busy Board Game ${Date.now()}`;
    const id = productWithReviews(name, REVIEWS_ON_PRODUCT_PAGE + 2, { id: myId, name: customer.name });

    await page.goto(`/item/${id}`);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(
      reviews.getByText(`The latest ${REVIEWS_ON_PRODUCT_PAGE} of ${REVIEWS_ON_PRODUCT_PAGE + 2} reviews`),
    ).toBeVisible();
    await expect(reviews.getByRole('listitem')).toHaveCount(REVIEWS_ON_PRODUCT_PAGE);
    await expect(reviews.getByRole('listitem').first()).toContainText(
      `Review number ${REVIEWS_ON_PRODUCT_PAGE + 1}`,
    );
    await expect(reviews.getByText('Review number 0')).toHaveCount(0);
    // The shopper's own review is older than those shown, yet the form edits it.
    await scrollToReviewForm(page);
    await expect(page.getByRole('button', { name: 'Edit Review' })).toBeVisible();
    await expect(page.getByLabel('Comment')).toHaveValue('Review number 0');
    await expectAccessible(page);
  });

  test('gives a review, sees it listed and the rating change, then edits it', async ({ page, customer }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Only a buyer's review moves the rating: the shopper buys the cube first, through the API.
    await buyOne(page.context().request, 'Chakra', customer);
    await page.goto('/userDashboard?q=Chakra');
    await productList(page).getByRole('link', { name: 'Chakra 3x3 Speed Cube' }).click();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await scrollToReviewForm(page);
    await expect(page.getByRole('button', { name: 'Give Review' })).toBeVisible();
    await expect(page.getByText(messages.noReviews)).toBeVisible();

    const xss = '<img src=x onerror=alert(1)> turns smoothly';
    await page.getByRole('radio', { name: '4 stars' }).check({ force: true });
    await page.getByLabel('Comment').fill(xss);
    await page.getByRole('button', { name: 'Give Review' }).click();
    await expect(page.getByText(messages.reviewAdded)).toBeVisible();
    await expect(reviews.getByText(xss)).toBeVisible();
    await expect(reviews.getByText(`By ${customer.name}`)).toBeVisible();
    await expect(page.getByRole('img', { name: 'Rated 4 out of 5' }).first()).toBeVisible();
    await expect(page.getByText('(1 review)')).toBeVisible();
    await expect(page.getByText(messages.ratingFromBuyers)).toBeVisible();
    await expectAccessible(page);

    // The form now edits the same review, starting from it.
    await expect(page.getByRole('button', { name: 'Edit Review' })).toBeVisible();
    await expect(page.getByLabel('Comment')).toHaveValue(xss);
    await expect(page.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await page.getByRole('radio', { name: '2.5 stars' }).check({ force: true });
    await page.getByLabel('Comment').fill('Stiff after a week');
    await page.getByRole('button', { name: 'Edit Review' }).click();
    await expect(page.getByText(messages.reviewUpdated)).toBeVisible();
    await expect(reviews.getByText('Stiff after a week')).toBeVisible();
    await expect(reviews.getByText(xss)).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Rated 2.5 out of 5' }).first()).toBeVisible();
    await expect(page.getByText('(1 review)')).toBeVisible();

    await page.reload();
    await scrollToReviewForm(page);
    await expect(page.getByRole('button', { name: 'Edit Review' })).toBeVisible();
    expect(dialogs).toEqual([]);
  });

  for (const { width, columns } of [
    { width: 360, columns: 2 },
    { width: 1280, columns: 4 },
  ]) {
    test(`lays the cards out in ${columns} columns at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/userDashboard?sort=lth');
      const cards = productList(page).getByRole('listitem');
      await expect(cards.first()).toBeVisible();
      const tops = await cards.evaluateAll((els) =>
        els.slice(0, 5).map((el) => el.getBoundingClientRect().top),
      );
      expect(tops.filter((top) => top === tops[0])).toHaveLength(columns);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(cards.first()).toContainText(/₹[\d,]+/);
      const [first] = await cardPrices(page);
      expect(formatRupees(first!)).toMatch(/^₹/);
      await expectAccessible(page);
    });
  }
});
