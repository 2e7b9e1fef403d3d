import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as rateWithoutRefunded } from '../../src/db/migrations/0022_ratings_without_refunded.js';
import { call, deliver, loginAsAdmin } from '../helpers/admin.js';
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

  it('a cancelled or returned purchase verifies nothing: the review stays, its stars no longer count', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const admin = await loginAsAdmin(t.app);
    const honest = await customer(t.app);
    const canceller = await customer(t.app);
    const returner = await customer(t.app);
    const orderOf = async (who: { sid: string }) => {
      await addToCart(t.app, who.sid, product.id, 1);
      return (await buyCart(t.app, who.sid)).orders[0]!;
    };
    const ratings: [typeof honest, number][] = [
      [honest, 5],
      [canceller, 0.5],
      [returner, 1],
    ];
    const orders = new Map<string, Awaited<ReturnType<typeof orderOf>>>();
    for (const [who, rating] of ratings) {
      orders.set(who.id, await orderOf(who));
      await postReview(t.app, who.sid, { productId: product.id, rating, comment: 'Bought it' });
    }
    const shown = async () => (await productOf(t.app, honest.sid, product.id)).product;
    expect(await shown()).toMatchObject({ rating: 2.17, numReviews: 3 });

    const cancel = await call(
      t.app,
      'POST',
      `/api/user/orders/${orders.get(canceller.id)!._id}/cancel`,
      canceller.sid,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await shown()).toMatchObject({ rating: 3, numReviews: 3 });

    const returned = orders.get(returner.id)!._id;
    await deliver(t.app, admin.sid, returned);
    const back = await call(t.app, 'POST', `/api/admin/orders/${returned}/return`, admin.sid, {
      resaleable: false,
    });
    expect(back.statusCode, back.body).toBe(200);
    const page = await shown();
    expect(page).toMatchObject({ rating: 5, numReviews: 3 });
    expect(new Map(page.reviews.map((r) => [r.userId, r.verifiedPurchase]))).toEqual(
      new Map([
        [honest.id, true],
        [canceller.id, false],
        [returner.id, false],
      ]),
    );
  });

  it('migration 0022 re-rates a product whose rating still counted a cancelled purchase', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const [keeper, canceller] = [await customer(t.app), await customer(t.app)];
    for (const [who, rating] of [
      [keeper, 4],
      [canceller, 1],
    ] as const) {
      await addToCart(t.app, who.sid, product.id, 1);
      const { orders } = await buyCart(t.app, who.sid);
      await postReview(t.app, who.sid, { productId: product.id, rating, comment: 'Bought it' });
      if (who === canceller) await call(t.app, 'POST', `/api/user/orders/${orders[0]!._id}/cancel`, who.sid);
    }
    // As a shop that ran before the rule kept it: the cancelled buyer's star still in the average.
    const ratingOf = async () =>
      (
        await t.app.ctx.db
          .selectFrom('products')
          .select('rating')
          .where('id', '=', product.id)
          .executeTakeFirstOrThrow()
      ).rating;
    await t.app.ctx.db.updateTable('products').set({ rating: 2.5 }).where('id', '=', product.id).execute();

    await rateWithoutRefunded(t.app.ctx.db as unknown as Kysely<unknown>);

    expect(Number(await ratingOf())).toBe(4);
  });
});
