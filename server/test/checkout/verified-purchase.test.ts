import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer, startCheckout } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, postReview, productOf } from '../helpers/products.js';

describe(`verified purchase on reviews (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("marks the buyer's review verified and not another reviewer's, nor a reservation's", async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const buyer = await customer(t.app);
    const reader = await customer(t.app);
    const holder = await customer(t.app);

    await addToCart(t.app, buyer.sid, product.id, 1);
    await buyCart(t.app, buyer.sid);
    // Reserved but not paid is not a purchase.
    await addToCart(t.app, holder.sid, product.id, 1);
    await startCheckout(t.app, holder.sid);

    for (const who of [buyer, reader, holder]) {
      const res = await postReview(t.app, who.sid, { productId: product.id, rating: 4, comment: 'Nice' });
      expect(res.statusCode).toBe(201);
    }

    const { product: shown } = await productOf(t.app, reader.sid, product.id);
    const verified = new Map(shown.reviews.map((r) => [r.userId, r.verifiedPurchase]));
    expect(verified).toEqual(
      new Map([
        [buyer.id, true],
        [reader.id, false],
        [holder.id, false],
      ]),
    );
  });

  it('marks a review verified when the purchase comes after the review', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const buyer = await customer(t.app);
    await postReview(t.app, buyer.sid, { productId: product.id, rating: 5, comment: 'Before buying' });
    expect((await productOf(t.app, buyer.sid, product.id)).product.reviews[0]?.verifiedPurchase).toBe(false);
    await addToCart(t.app, buyer.sid, product.id, 1);
    await buyCart(t.app, buyer.sid);
    expect((await productOf(t.app, buyer.sid, product.id)).product.reviews[0]?.verifiedPurchase).toBe(true);
  });
});
