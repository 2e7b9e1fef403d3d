import type { Page } from '@playwright/test';
import { formatRupees, messages, NAME_CUT, cutText, TEST_CARDS } from '@shop/shared';
import { addProduct, promoteToAdmin } from '../support/admin';
import { loginThroughForm } from '../support/auth';
import { expect, expectAccessible, newCustomer, test } from '../support/fixtures';
import { addToCartThroughPage, fillShipping, findProduct, payWithTestCard, shipping } from '../support/shop';

const cartCount = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart, / });

test.describe('cart and checkout', () => {
  test.beforeEach(async ({ page, customer }) => {
    await loginThroughForm(page, customer.email, customer.password);
  });

  test('adds to the cart, changes quantities and deletes a line with confirmation', async ({ page }) => {
    const kettle = await findProduct(page.request, 'Chai Time Smart Kettle');
    const cards = await findProduct(page.request, 'Cricket Legends Card Set');
    await addToCartThroughPage(page, kettle, 2);
    await expect(page.getByText(messages.cartSaved)).toBeVisible();
    await expect(cartCount(page)).toHaveAccessibleName('Cart, 1 item');
    await addToCartThroughPage(page, cards, 1);
    await expect(cartCount(page)).toHaveAccessibleName('Cart, 2 items');
    // Back on a product in the cart, the page says how many and starts from it: saving sets it.
    await page.goto(`/item/${kettle._id}`);
    await expect(page.getByText(messages.inYourCart(2))).toBeVisible();
    await expect(page.getByLabel('Quantity')).toHaveValue('2');

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/cart');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Price',
      'Quantity',
      'Total',
      'Delete',
    ]);
    await expect(table.getByRole('row')).toHaveCount(3);
    await expectAccessible(page);
    const grandTotal = kettle.price * 2 + cards.price;
    await expect(page.getByText(formatRupees(grandTotal)).last()).toBeVisible();

    await page.getByRole('button', { name: `Increase quantity of ${cards.name}` }).click();
    await expect(page.getByText(formatRupees(grandTotal + cards.price)).last()).toBeVisible();
    await page.getByRole('button', { name: `Decrease quantity of ${cards.name}` }).click();
    await expect(page.getByText(formatRupees(grandTotal)).last()).toBeVisible();
    await page.getByRole('button', { name: `Decrease quantity of ${cards.name}` }).click();
    await expect(page.getByText(messages.quantityAtLeastOne)).toBeVisible();

    // Cancel keeps the line; Delete removes it.
    await page.getByRole('button', { name: `Delete ${cards.name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(messages.confirmDeleteCartItem);
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(table.getByRole('row')).toHaveCount(3);
    await page.getByRole('button', { name: `Delete ${cards.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(cartCount(page)).toHaveAccessibleName('Cart, 1 item');

    // At 600 px and below the cart is stacked, not a table.
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Items in your cart' })).toContainText(
      cutText(kettle.name, NAME_CUT.cart),
    );
    await expectAccessible(page);

    await page.getByRole('button', { name: `Delete ${kettle.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(messages.emptyCart)).toBeVisible();
  });

  test('places an order with the success card and sees it in orders and its summary', async ({
    page,
    customer,
  }) => {
    await page.goto('/orders');
    await expect(page.getByText(messages.noOrders)).toBeVisible();
    await expectAccessible(page);

    const controller = await findProduct(page.request, 'Tez Wireless Game Controller for PC and Phone');
    await addToCartThroughPage(page, controller, 2);
    await expect(page.getByText(messages.cartSaved)).toBeVisible();
    await page.goto('/cart');
    await page.getByRole('link', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/placeOrder$/);
    await expectAccessible(page);

    await page.getByLabel('Phone').fill('');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText(messages.fillAllFields).first()).toBeVisible();
    await fillShipping(page);
    // As people write them: the order keeps the ten digits and the six.
    await page.getByLabel('Phone').fill('+91 98765 43210');
    await page.getByLabel('Pincode').fill('700 016');
    await expect(
      page.getByRole('button', { name: `Pay ${formatRupees(controller.price * 2)}` }),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Pay/ }).click();
    const window = page.getByRole('dialog', { name: 'Test payment' });
    await expect(window).toContainText(TEST_CARDS.success);
    await expect(window).toContainText(TEST_CARDS.declined);
    await expectAccessible(page);
    await window.getByLabel('Card number').fill(TEST_CARDS.success);
    await window.getByRole('button', { name: /^Pay/ }).click();

    await expect(page.getByText(messages.paymentSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/orders$/);
    await expect(cartCount(page)).toHaveAccessibleName('Cart, 0 items');
    const orders = page.getByRole('list', { name: 'Orders' });
    await expect(orders.getByRole('link', { name: controller.name }).first()).toBeVisible();
    await expect(orders).toContainText(messages.orderPlaced);
    await expectAccessible(page);

    await orders
      .getByRole('link', { name: /see order/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/orderSummary\//);
    await expect(page.getByRole('heading', { name: 'Order Summary', level: 1 })).toBeVisible();
    await expect(page.getByText(cutText(controller.name, NAME_CUT.orderSummary))).toBeVisible();
    await expect(page.getByText(customer.name).first()).toBeVisible();
    await expect(page.getByText(shipping['Street Address'])).toBeVisible();
    await expect(page.getByText('9876543210', { exact: true })).toBeVisible();
    await expect(page.getByText(formatRupees(controller.price * 2)).first()).toBeVisible();
    await expect(page.getByText(/^pay_test_/)).toBeVisible();
    await expect(page.getByText(/^order_test_/)).toBeVisible();
    await expectAccessible(page);

    // The stock went down by what was bought.
    const after = await findProduct(page.request, controller.name);
    expect(after.countInStock).toBe(controller.countInStock - 2);
  });

  test('a declined card leaves the cart intact and the stock restored', async ({ page }) => {
    const jhumka = await findProduct(page.request, 'Oxidised Silver Jhumka Earrings');
    await addToCartThroughPage(page, jhumka, 1);
    await expect(page.getByText(messages.cartSaved)).toBeVisible();
    await page.goto('/placeOrder');
    await fillShipping(page);
    // Escape closes the card window and gives the focus back to the Pay button.
    const pay = page.getByRole('button', { name: /^Pay/ });
    await pay.click();
    await expect(page.getByRole('dialog', { name: 'Test payment' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Test payment' })).toHaveCount(0);
    await expect(pay).toBeFocused();
    await payWithTestCard(page, TEST_CARDS.declined);
    await expect(page.getByRole('alert').filter({ hasText: messages.paymentDeclined })).toBeVisible();
    await expect(page).toHaveURL(/\/placeOrder$/);

    const after = await findProduct(page.request, jhumka.name);
    expect(after.countInStock).toBe(jhumka.countInStock);
    await page.goto('/cart');
    await expect(
      page.getByRole('link', { name: jhumka.name }).or(page.getByText(jhumka.name)).first(),
    ).toBeVisible();
    await expect(cartCount(page)).toHaveAccessibleName('Cart, 1 item');
    await page.goto('/orders');
    await expect(page.getByText(messages.noOrders)).toBeVisible();
  });

  test('a price changed while the page was open is not charged: the page says so and shows the new total', async ({
    page,
    browser,
  }) => {
    // The owner, in another browser, adds the product and later changes its price.
    const owner = newCustomer();
    const ownerContext = await browser.newContext();
    await ownerContext.request.post('/api/user/register', {
      data: { ...owner, confiremPassword: owner.password },
    });
    await promoteToAdmin(owner);
    await ownerContext.request.post('/api/user/login', {
      data: { email: owner.email, password: owner.password },
    });
    const name = `Pital Lota ${Date.now()}`;
    const product = await addProduct(ownerContext.request, { name, price: 599, countInStock: 20 });

    await addToCartThroughPage(page, product, 2);
    await expect(page.getByText(messages.cartSaved)).toBeVisible();
    await page.goto('/placeOrder');
    await expect(page.getByRole('button', { name: `Pay ${formatRupees(1198)}` })).toBeVisible();
    await fillShipping(page);
    const edited = await ownerContext.request.patch(`/api/product/editProduct/${product._id}`, {
      data: {
        name,
        category: 'fashion',
        price: 999,
        countInStock: 20,
        image: '/images/products/ludo-royale.svg',
        description: 'A brass water pot.',
      },
    });
    expect(edited.status()).toBe(201);
    await ownerContext.close();

    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByText(messages.pricesChanged)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Test payment' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Pay ${formatRupees(1998)}` })).toBeVisible();
    await payWithTestCard(page);
    await expect(page).toHaveURL(/\/orders$/);
  });
});
