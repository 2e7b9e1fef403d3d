import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, buyerOf } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, listOf, postReview, productOf, productRow, reviewRows } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

describe(`product rating from reviews (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The product as the detail page and the list both show it. */
  async function shown(sid: string, product: { id: string; name: string }) {
    const detail = (await productOf(t.app, sid, product.id)).product;
    const listed = (await listOf(t.app, sid, { q: product.name })).products.find((p) => p._id === product.id);
    return { detail, listed };
  }

  it('averages the ratings of verified reviews and counts them, in detail and list, and after an edit', async () => {
    const product = await createProduct(t.app.ctx.db);
    const first = await buyerOf(t.app, product.id);
    const second = await buyerOf(t.app, product.id);
    await postReview(t.app, first.sid, { productId: product.id, rating: 4, comment: 'Good' });
    await postReview(t.app, second.sid, { productId: product.id, rating: 3, comment: 'Fair' });

    let seen = await shown(first.sid, product);
    expect(seen.detail).toMatchObject({ rating: 3.5, numReviews: 2 });
    expect(seen.listed).toMatchObject({ rating: 3.5, numReviews: 2 });

    await postReview(t.app, first.sid, { productId: product.id, rating: 5, comment: 'Even better' });
    seen = await shown(first.sid, product);
    expect(seen.detail).toMatchObject({ rating: 4, numReviews: 2 });
    expect(seen.listed).toMatchObject({ rating: 4, numReviews: 2 });

    await postReview(t.app, second.sid, { productId: product.id, rating: 5, comment: 'Changed my mind' });
    expect((await shown(first.sid, product)).detail).toMatchObject({ rating: 5, numReviews: 2 });
  });

  it('leaves the rating unchanged by a refused review', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await buyerOf(t.app, product.id);
    await postReview(t.app, me.sid, { productId: product.id, rating: 4, comment: 'Good' });
    const refused = await postReview(t.app, me.sid, { productId: product.id, rating: 0, comment: 'Bad' });
    expect(refused.json()).toEqual(messages.invalidRating);
    expect((await productOf(t.app, me.sid, product.id)).product).toMatchObject({ rating: 4, numReviews: 1 });
  });

  it('keeps one review and a count of 1 after 20 parallel reviews by one user', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await buyerOf(t.app, product.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postReview(t.app, me.sid, { productId: product.id, rating: (i % 10) / 2 + 0.5, comment: `Try ${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);

    const rows = await reviewRows(t.app.ctx.db, product.id);
    expect(rows).toHaveLength(1);
    const stored = await productRow(t.app.ctx.db, product.id);
    expect(stored.num_reviews).toBe(1);
    expect(Number(stored.rating)).toBe(rows[0]!.rating);
  });

  it('equals the mean of the stored reviews after parallel reviews by 10 users', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 20 });
    const users = [];
    for (let i = 0; i < 10; i += 1) users.push(await buyerOf(t.app, product.id));
    const ratings = [5, 4.5, 0.5, 3, 2, 5, 1.5, 4, 3.5, 2.5];
    const answers = await Promise.all(
      users.map((u, i) =>
        postReview(t.app, u.sid, { productId: product.id, rating: ratings[i], comment: `User ${i}` }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);

    const mean = ratings.reduce((a, b) => a + b, 0) / ratings.length;
    const rows = await reviewRows(t.app.ctx.db, product.id);
    const byValue = (a: number, b: number) => a - b;
    expect(rows.map((r) => r.rating).sort(byValue)).toEqual([...ratings].sort(byValue));
    const stored = await productRow(t.app.ctx.db, product.id);
    expect(stored.num_reviews).toBe(10);
    expect(Number(stored.rating)).toBeCloseTo(mean, 9);

    const { detail, listed } = await shown(users[0]!.sid, product);
    expect(detail.rating).toBeCloseTo(mean, 9);
    expect(detail.numReviews).toBe(10);
    expect(detail.reviews).toHaveLength(10);
    expect(listed).toMatchObject({ numReviews: 10 });
  });

  it('recomputes from every reviewer when 10 users edit in parallel', async () => {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 20 });
    const users = [];
    for (let i = 0; i < 10; i += 1) users.push(await buyerOf(t.app, product.id));
    await Promise.all(
      users.map((u) => postReview(t.app, u.sid, { productId: product.id, rating: 1, comment: 'First' })),
    );
    const edits = [2, 2.5, 3, 3.5, 4, 4.5, 5, 5, 0.5, 1];
    const answers = await Promise.all(
      users.map((u, i) =>
        postReview(t.app, u.sid, { productId: product.id, rating: edits[i], comment: 'Edited' }),
      ),
    );
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const mean = edits.reduce((a, b) => a + b, 0) / edits.length;
    const { detail } = await shown(users[0]!.sid, product);
    expect(detail.rating).toBeCloseTo(mean, 9);
    expect(detail.numReviews).toBe(10);
  });

  it("counts only verified purchases: six fresh accounts' half stars leave the buyers' rating, all listed and marked", async () => {
    const product = await createProduct(t.app.ctx.db);
    const buyer = await buyerOf(t.app, product.id);
    await postReview(t.app, buyer.sid, { productId: product.id, rating: 5, comment: 'Love it' });
    const strangers = [];
    for (let i = 0; i < 6; i += 1) strangers.push(await loginAs(t.app));
    for (const stranger of strangers) {
      const res = await postReview(t.app, stranger.sid, {
        productId: product.id,
        rating: 0.5,
        comment: 'Bad',
      });
      expect(res.statusCode).toBe(201);
    }

    const seen = await shown(buyer.sid, product);
    expect(seen.detail).toMatchObject({ rating: 5, numReviews: 7 });
    expect(seen.listed).toMatchObject({ rating: 5, numReviews: 7 });
    expect(seen.detail.reviews).toHaveLength(7);
    expect(seen.detail.reviews.filter((r) => r.verifiedPurchase).map((r) => r.comment)).toEqual(['Love it']);
  });

  it('counts a review written before buying once the purchase is paid, in the cached list too', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await loginAs(t.app);
    const buyer = await buyerOf(t.app, product.id);
    await postReview(t.app, buyer.sid, { productId: product.id, rating: 2, comment: 'Meh' });
    await postReview(t.app, me.sid, { productId: product.id, rating: 5, comment: 'Before buying' });
    // Read (and so cached) before the purchase.
    expect((await shown(me.sid, product)).listed).toMatchObject({ rating: 2, numReviews: 2 });

    const mine = await loginAs(t.app, me.user, { register: false });
    await addToCart(t.app, mine.sid, product.id, 1);
    await buyCart(t.app, mine.sid);

    const seen = await shown(me.sid, product);
    expect(seen.detail).toMatchObject({ rating: 3.5, numReviews: 2 });
    expect(seen.listed).toMatchObject({ rating: 3.5, numReviews: 2 });
  });
});
