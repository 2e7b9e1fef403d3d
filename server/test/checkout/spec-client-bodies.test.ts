import {
  MAX_CART_LINES,
  MAX_COMMENT_LENGTH,
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PRODUCT_NAME_LENGTH,
  REVIEWS_ON_PRODUCT_PAGE,
  messages,
  type Order,
  type Product,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import {
  addToCart,
  cartDetail,
  customer,
  saveCart,
  signedPayment,
  startCheckout,
  validShipping,
} from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, productOf } from '../helpers/products.js';

/** `length` characters of Devanagari: three UTF-8 bytes each, the heaviest text a shop here sells in. */
const hindi = (length: number) => 'दी'.repeat(Math.ceil(length / 2)).slice(0, length);

/** A product as the spec's client holds it after the product page, every text at its longest. */
function heaviest(product: Product) {
  const review = {
    userId: 'u'.repeat(36),
    name: hindi(MAX_NAME_LENGTH),
    rating: 4.5,
    comment: hindi(MAX_COMMENT_LENGTH),
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    verifiedPurchase: true,
  };
  return {
    ...product,
    name: hindi(MAX_PRODUCT_NAME_LENGTH),
    description: hindi(MAX_DESCRIPTION_LENGTH),
    image: `https://cdn.example.com/${'i'.repeat(1970)}.jpg`,
    reviews: Array.from({ length: REVIEWS_ON_PRODUCT_PAGE }, () => review),
    ownReview: review,
  };
}

/** The spec's client sends whole products, which the server does not read: their size must never refuse it. */
describe(`the spec's client's largest bodies (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('saveCart takes a whole product with its reviews, every text at its longest', async () => {
    const me = await customer(t.app);
    const row = await createProduct(t.app.ctx.db);
    const item = heaviest((await productOf(t.app, me.sid, row.id)).product);
    const res = await saveCart(t.app, me.sid, { item, quantity: 2 });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().cartProducts).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it('cartDetail takes a whole cart of the most lines, every text at its longest, and places the order', async () => {
    const me = await customer(t.app);
    const row = await createProduct(t.app.ctx.db, { count_in_stock: 3 });
    await addToCart(t.app, me.sid, row.id, 1);
    const { id } = await startCheckout(t.app, me.sid);
    const payment = await signedPayment(t.app, me.sid, id);
    const {
      reviews: _reviews,
      ownReview: _own,
      ...product
    } = heaviest((await productOf(t.app, me.sid, row.id)).product);
    const cartProducts = Array.from({ length: MAX_CART_LINES }, () => ({ product, quantity: 1 }));
    const res = await cartDetail(t.app, me.sid, { ...payment, data: validShipping(), cartProducts });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect((res.json() as { data: Order[] }).data.map((o) => o.orderItem.productId)).toEqual([row.id]);
  });

  it.each(['/api/saveCart', '/api/payment/cartDetail'])(
    'refuses %s without a session with 401 before reading a large body',
    async (url) => {
      // 150,000 keys: read, it would be refused as too complex (400), after parsing it all.
      const wide = `{${Array.from({ length: 150_000 }, (_, i) => `"k${i}":0`).join(',')}}`;
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: wide,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toBe(messages.loginRequired);
    },
  );
});
