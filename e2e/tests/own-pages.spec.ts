import { ownMessages, SHOP_PAGES } from '@shop/shared';
import type { Page } from '@playwright/test';
import { promoteToAdmin } from '../support/admin';
import { loginThroughForm, sessionCookieOf, sessionStatus } from '../support/auth';
import { expect, expectAccessible, newCustomer, test } from '../support/fixtures';
import { resizeTo, sidewaysScroll } from '../support/layout';

/** Checks the screen as it is with axe at 360 px and on a desktop, with nothing scrolling sideways. */
async function accessibleAtBothWidths(page: Page) {
  for (const width of [360, 1280]) {
    await resizeTo(page, width);
    await expect.poll(() => sidewaysScroll(page), `sideways scroll at ${width} px`).toBe(0);
    await expectAccessible(page);
  }
}

test.describe("the shop's pages", () => {
  test('every page has its own address, is linked from the footer and opens without a login', async ({
    page,
  }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const { slug, title } of SHOP_PAGES)
      await expect(footer.getByRole('link', { name: title })).toHaveAttribute('href', `/${slug}`);

    await footer.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
    await expect(page.getByText('The shop owner must edit it')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Grievance officer' })).toBeVisible();
    await accessibleAtBothWidths(page);

    // Each opened at its address (a refresh), on the login page's footer too.
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeVisible();
    await expect(page.getByText('Delete my account').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Privacy policy', level: 1 })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Terms of use' })).toBeVisible();
  });

  test('an admin edits a page; stored HTML shows as text and never runs', async ({ page, customer }) => {
    await promoteToAdmin(customer);
    await loginThroughForm(page, customer.email, customer.password);
    await page.goto('/admin/pages');
    await expect(page.getByText('Default text: edit before selling').first()).toBeVisible();
    await accessibleAtBothWidths(page);

    await page.getByRole('link', { name: 'Edit Shipping policy' }).click();
    await expect(page).toHaveURL(/\/admin\/pages\/shipping-policy$/);
    const attack = '<script>window.__owned = 1</script><img src=x onerror="window.__owned = 2">';
    await page
      .getByLabel('Shipping policy (Markdown)')
      .fill(`## Delivery\n\nWithin **3 days**.\n\n${attack}`);
    await expect(
      page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Delivery' }),
    ).toBeVisible();
    await accessibleAtBothWidths(page);
    await page.getByRole('button', { name: 'Save page' }).click();
    await expect(page.getByText(ownMessages.pageSaved)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/pages$/);

    await page.goto('/shipping-policy');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Delivery' })).toBeVisible();
    await expect(main.getByText('<script>window.__owned = 1</script>', { exact: false })).toBeVisible();
    await expect(main.locator('script, img')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
  });
});

test.describe('admin roles', () => {
  test('an admin makes a customer an admin after confirming; the customer is logged out', async ({
    page,
    customer,
    browser,
  }) => {
    const other = newCustomer();
    const theirs = await browser.newContext();
    await theirs.request.post('/api/user/register', { data: { ...other, confiremPassword: other.password } });
    await theirs.request.post('/api/user/login', { data: { email: other.email, password: other.password } });
    const theirSid = (await theirs.cookies()).find((c) => c.name === 'sid')!.value;

    await promoteToAdmin(customer);
    await loginThroughForm(page, customer.email, customer.password);
    await page.goto(`/admin/userList?q=${encodeURIComponent(other.email)}`);
    const row = page.getByRole('row').filter({ hasText: other.email });
    await row.getByRole('button', { name: `Make admin ${other.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Make admin' });
    await expect(dialog).toContainText(ownMessages.confirmMakeAdmin(other.name));
    await accessibleAtBothWidths(page);
    await dialog.getByRole('button', { name: 'Make admin' }).click();
    await expect(page.getByText(ownMessages.madeAdmin(other.name))).toBeVisible();
    await expect(row.getByRole('button', { name: `Remove admin ${other.name}` })).toBeVisible();
    expect(await sessionStatus(page.request, theirSid)).toBe(401);
    await theirs.close();

    // Your own row has no such button.
    await page.goto(`/admin/userList?q=${encodeURIComponent(customer.email)}`);
    const mine = page.getByRole('row').filter({ hasText: customer.email });
    await expect(mine).toBeVisible();
    await expect(mine.getByRole('button', { name: /admin/ })).toHaveCount(0);
  });
});

test.describe("a customer's own data", () => {
  test('downloads their data and deletes their account with the current password', async ({
    page,
    customer,
  }) => {
    await loginThroughForm(page, customer.email, customer.password);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    await accessibleAtBothWidths(page);

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('my-shop-data.json');
    const data = JSON.parse(
      await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
    );
    expect(data.profile).toMatchObject({ name: customer.name, email: customer.email });

    const sid = await sessionCookieOf(page);
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText(ownMessages.passwordIncorrect).first()).toBeVisible();
    expect(await sessionStatus(page.request, sid)).toBe(200);

    await page.getByLabel('Current password').fill(customer.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText(ownMessages.accountDeleted)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await sessionStatus(page.request, sid)).toBe(401);
    const login = await page.request.post('/api/user/login', {
      data: { email: customer.email, password: customer.password },
    });
    expect(login.status()).toBe(404);
  });
});
