import { checkoutTexts, messages } from '@shop/shared';
import type { Page } from '@playwright/test';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, test } from '../support/fixtures';
import { addToCartThroughPage, fillShippingField, findProduct, payWithTestCard } from '../support/shop';

const labels = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  streetAddress: 'Street Address',
  town: 'Town',
  pincode: 'Pincode',
  state: 'State',
  country: 'Country',
} as const;
type Shipping = Record<keyof typeof labels, string>;

async function shippingShown(page: Page): Promise<Shipping> {
  const shown = {} as Shipping;
  for (const [field, label] of Object.entries(labels) as Array<[keyof Shipping, string]>)
    shown[field] = await page.getByLabel(label, { exact: true }).inputValue();
  return shown;
}

async function orderThroughPage(page: Page, productName: string) {
  const product = await findProduct(page.request, productName);
  await addToCartThroughPage(page, product, 1);
  await expect(page.getByText(messages.cartSaved).first()).toBeVisible();
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/placeOrder$/);
}

for (const width of [360, 1280]) {
  test(`the next order starts from the last order's shipping details, editable, at ${width} px`, async ({
    page,
    customer,
    browser,
  }) => {
    await page.setViewportSize({ width, height: 740 });
    await loginThroughForm(page, customer.email, customer.password);

    // The first order: only the account's name and email to start from.
    await orderThroughPage(page, 'Chai Time Smart Kettle');
    await expect(page.getByText(checkoutTexts.shippingFromLastOrder)).toHaveCount(0);
    expect(await shippingShown(page)).toMatchObject({
      name: customer.name,
      email: customer.email,
      phone: '',
    });
    const first: Shipping = {
      name: 'Meera Iyer',
      email: customer.email,
      phone: '9876501234',
      streetAddress: '21 Temple Street',
      town: 'Madurai',
      pincode: '625001',
      state: 'Tamil Nadu',
      country: 'India',
    };
    for (const [field, label] of Object.entries(labels) as Array<[keyof Shipping, string]>)
      await fillShippingField(page, label, first[field]);
    await payWithTestCard(page);
    await expect(page).toHaveURL(/\/orders$/);

    // The second: offered what was sent, and any of it can change.
    await orderThroughPage(page, 'Cricket Legends Card Set');
    await expect(page.getByText(checkoutTexts.shippingFromLastOrder)).toBeVisible();
    expect(await shippingShown(page)).toEqual(first);
    await expectAccessible(page);
    await page.getByLabel('Street Address', { exact: true }).fill('4 Gandhi Road');
    await page.getByLabel('Town', { exact: true }).fill('Coimbatore');
    await page.getByLabel('Pincode', { exact: true }).fill('641001');
    await payWithTestCard(page);
    await expect(page).toHaveURL(/\/orders$/);

    // Kept with the account on the server: another browser, logged in anew, is offered the change.
    const other = await browser.newContext({ viewport: { width, height: 740 } });
    const elsewhere = await other.newPage();
    await loginThroughForm(elsewhere, customer.email, customer.password);
    await orderThroughPage(elsewhere, 'Chai Time Smart Kettle');
    expect(await shippingShown(elsewhere)).toEqual({
      ...first,
      streetAddress: '4 Gandhi Road',
      town: 'Coimbatore',
      pincode: '641001',
    });
    await other.close();
  });
}
