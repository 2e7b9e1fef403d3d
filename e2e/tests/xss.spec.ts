import { cutText, NAME_CUT, TEST_CARDS, type Product } from '@shop/shared';
import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { promoteToAdmin } from '../support/admin';
import { loginThroughForm } from '../support/auth';
import { expect, newCustomer, test } from '../support/fixtures';

/** Stored XSS payloads: an inline script, an event handler and a javascript: URL. */
const SCRIPT = '<script>window.__xss=1</script>';
const IMG = '<img src=x onerror="window.__xss=1;alert(1)">';
const JS_URL = 'javascript:window.__xss=1';

/** Records every dialog (alert, confirm, prompt) a page opens, and dismisses it. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/**
 * Opens `path`, waits until each text is visible as text (and the page has
 * settled, so a broken image has fired its onerror), then checks that no
 * dialog opened and no payload ran.
 */
async function expectInert(page: Page, dialogs: string[], path: string, texts: string[]) {
  await page.goto(path);
  for (const text of texts) await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss), `a payload ran on ${path}`).toBe(
    undefined,
  );
  expect(dialogs, `dialogs opened on ${path}`).toEqual([]);
}

async function ok(response: Promise<APIResponse>, status = 200): Promise<APIResponse> {
  const res = await response;
  expect(res.status(), await res.text()).toBe(status);
  return res;
}

/** Buys the stored cart with the test gateway, as the browser would; answers the first order's id. */
async function buyCart(request: APIRequestContext, shipping: object): Promise<string> {
  const order = await (
    await ok(request.post('/api/payment/orderCreate', { data: { data: shipping } }))
  ).json();
  const paid = await ok(
    request.post('/api/payment/test-gateway/pay', {
      data: { order_id: order.id, card_number: TEST_CARDS.success },
    }),
  );
  const confirmed = await ok(request.post('/api/payment/cartDetail', { data: await paid.json() }));
  return ((await confirmed.json()).data as { _id: string }[])[0]!._id;
}

test.describe('stored XSS', () => {
  test('script, img onerror and javascript: payloads show as text and run on no page', async ({
    page,
    browser,
    customer: owner,
  }) => {
    // The owner adds a product whose name and description are payloads.
    await promoteToAdmin(owner);
    await ok(
      page.request.post('/api/user/login', { data: { email: owner.email, password: owner.password } }),
    );
    const catalog = await (await ok(page.request.get('/api/get-products'))).json();
    const image = (catalog.products as Product[]).find((p) => p.image.startsWith('/images/'))!.image;
    const description = `${IMG} ${JS_URL}`;
    const added = await ok(
      page.request.post('/api/addProduct', {
        data: { name: SCRIPT, category: 'games', price: 499, countInStock: 20, image, description },
      }),
      201,
    );
    const product = (await added.json()).product as Product;

    // A customer whose name is a payload reviews it, buys it with payloads in the address, and keeps one in the cart.
    const shopper = await browser.newContext();
    const victim = { ...newCustomer(), name: IMG };
    const api = shopper.request;
    await ok(api.post('/api/user/register', { data: { ...victim, confiremPassword: victim.password } }), 201);
    await ok(api.post('/api/user/login', { data: { email: victim.email, password: victim.password } }));
    const comment = `${SCRIPT} ${IMG} ${JS_URL}`;
    await ok(api.post('/api/user/review', { data: { productId: product._id, rating: 4, comment } }), 201);
    await ok(api.post('/api/saveCart', { data: { item: { _id: product._id }, quantity: 1 } }));
    const orderId = await buyCart(api, {
      name: SCRIPT,
      email: victim.email,
      phone: '9123456780',
      streetAddress: IMG,
      town: JS_URL,
      pincode: '462001',
      state: SCRIPT,
      country: IMG,
    });
    await ok(api.post('/api/saveCart', { data: { item: { _id: product._id }, quantity: 1 } }));

    // Every page the customer sees them on.
    const customerPage = await shopper.newPage();
    const customerDialogs = watchDialogs(customerPage);
    const pageErrors: string[] = [];
    customerPage.on('pageerror', (error) => pageErrors.push(error.message));
    customerPage.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) pageErrors.push(msg.text());
    });
    await loginThroughForm(customerPage, victim.email, victim.password);
    const inert = (path: string, texts: string[]) => expectInert(customerPage, customerDialogs, path, texts);
    await inert(`/userDashboard?q=${encodeURIComponent(SCRIPT)}`, [cutText(SCRIPT, NAME_CUT.dashboard), IMG]);
    await inert(`/item/${product._id}`, [SCRIPT, description, comment, `By ${IMG}`]);
    await inert('/cart', [cutText(SCRIPT, NAME_CUT.cart)]);
    await inert('/placeOrder', [cutText(SCRIPT, NAME_CUT.cart)]);
    await inert('/orders', [SCRIPT]);
    await inert(`/orderSummary/${orderId}`, [cutText(SCRIPT, NAME_CUT.orderSummary), IMG, JS_URL]);
    await inert('/profile', []);
    await expect(customerPage.getByLabel('Name')).toHaveValue(IMG);
    expect(pageErrors, 'page errors or CSP violations').toEqual([]);
    await shopper.close();

    // Every admin page that shows them.
    const ownerDialogs = watchDialogs(page);
    await page.context().clearCookies();
    await loginThroughForm(page, owner.email, owner.password);
    const inertForOwner = (path: string, texts: string[]) => expectInert(page, ownerDialogs, path, texts);
    // Searched for: the list shows the oldest accounts first, and other tests add many.
    await inertForOwner(`/admin/userList?q=${encodeURIComponent(victim.email)}`, [IMG]);
    await inertForOwner('/admin/productList', [cutText(SCRIPT, NAME_CUT.adminList)]);
    await inertForOwner('/admin/orderList', [cutText(SCRIPT, NAME_CUT.adminList), IMG]);
    await inertForOwner('/admin/auditLog', [`name: ${SCRIPT}`]);
    await inertForOwner(`/admin/editProduct/${product._id}`, []);
    await expect(page.getByLabel('Name')).toHaveValue(SCRIPT);
    await expect(page.getByLabel('Description')).toHaveValue(description);
    await inertForOwner(`/item/${product._id}`, [comment]);
  });
});
