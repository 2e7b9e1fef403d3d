import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { TEST_CARDS, type Product } from '@shop/shared';

export const shipping = {
  Phone: '9876543210',
  'Street Address': '14 Park Street',
  Town: 'Kolkata',
  Pincode: '700016',
  State: 'West Bengal',
  Country: 'India',
};

/** A product of the demo catalog, as the API shows it (the page's request context carries the session). */
export async function findProduct(request: APIRequestContext, name: string): Promise<Product> {
  const res = await request.get(`/api/get-products?q=${encodeURIComponent(name)}`);
  expect(res.status()).toBe(200);
  const { products } = (await res.json()) as { products: Product[] };
  const product = products.find((p) => p.name === name);
  if (!product) throw new Error(`no product named ${name}`);
  return product;
}

/** Opens the product page and adds the chosen quantity to the cart through the page. */
export async function addToCartThroughPage(page: Page, product: Product, quantity = 1) {
  await page.goto(`/item/${product._id}`);
  await page.getByLabel('Quantity').selectOption(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
}

export async function fillShipping(page: Page) {
  for (const [label, value] of Object.entries(shipping)) await fillShippingField(page, label, value);
}

/** Types into a shipping field; the state is chosen from its list of Indian states and union territories. */
export async function fillShippingField(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  if (label === 'State') await field.selectOption(value);
  else await field.fill(value);
}

/** Pays in the built-in test gateway's card window with the given test card. */
export async function payWithTestCard(page: Page, card: string = TEST_CARDS.success) {
  await page.getByRole('button', { name: /^Pay/ }).click();
  const window = page.getByRole('dialog', { name: 'Test payment' });
  await expect(window).toBeVisible();
  await window.getByLabel('Card number').fill(card);
  await window.getByRole('button', { name: /^Pay/ }).click();
}
