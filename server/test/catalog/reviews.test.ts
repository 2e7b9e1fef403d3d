import { MAX_COMMENT_LENGTH, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { userRow } from '../helpers/db.js';
import { createProduct, postReview, productOf, reviewRows } from '../helpers/products.js';
import { loginAs } from '../helpers/users.js';

describe(`writing a review (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function customer() {
    const session = await loginAs(t.app);
    return { ...session, id: (await userRow(t.app, session.user.email))!.id };
  }

  it('creates the review with 201, then replaces it with 200, keeping one row', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();

    const created = await postReview(t.app, me.sid, { productId: product.id, rating: 3, comment: 'Fine' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual(messages.reviewAdded);

    const replaced = await postReview(t.app, me.sid, {
      productId: product.id,
      rating: 4.5,
      comment: 'Grew on me',
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toEqual(messages.reviewUpdated);

    const rows = await reviewRows(t.app.ctx.db, product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: me.id, rating: 4.5, comment: 'Grew on me' });
    const { product: shown } = await productOf(t.app, me.sid, product.id);
    expect(shown.reviews).toEqual([
      {
        userId: me.id,
        name: me.user.name,
        rating: 4.5,
        comment: 'Grew on me',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        verifiedPurchase: false,
      },
    ]);
    // Replacing keeps when it was first written and records when it changed.
    expect(shown.reviews[0]!.updatedAt >= shown.reviews[0]!.createdAt).toBe(true);
    // Listed and counted, but not a buyer's: it moves no stars (checkout rating tests).
    expect(shown).toMatchObject({ rating: 0, numReviews: 1 });
  });

  it('stores the session user as the author, whatever userId or name the body carries', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();
    const victim = await customer();
    const res = await postReview(t.app, me.sid, {
      productId: product.id,
      rating: 1,
      comment: 'Written by me',
      userId: victim.id,
      name: victim.user.name,
    });
    expect(res.statusCode).toBe(201);
    const rows = await reviewRows(t.app.ctx.db, product.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: me.id, user_name: me.user.name });
  });

  it("does not replace another user's review when the body names them", async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();
    const other = await customer();
    await postReview(t.app, other.sid, { productId: product.id, rating: 5, comment: 'Theirs' });
    await postReview(t.app, me.sid, { productId: product.id, rating: 1, comment: 'Mine', userId: other.id });
    const rows = await reviewRows(t.app.ctx.db, product.id);
    expect(rows.map((r) => [r.user_id, r.comment]).sort()).toEqual(
      [
        [other.id, 'Theirs'],
        [me.id, 'Mine'],
      ].sort(),
    );
  });

  it.each([
    ['an unknown id', '7d1f4a4e-0000-4000-8000-000000000000'],
    ['an SQL injection', "' OR '1'='1"],
  ])('answers 404 "Product not found" for %s and stores nothing', async (_case, productId) => {
    const me = await customer();
    const res = await postReview(t.app, me.sid, { productId, rating: 4, comment: 'Nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(messages.productNotFound);
    expect(
      await t.app.ctx.db.selectFrom('reviews').select('id').where('user_id', '=', me.id).execute(),
    ).toEqual([]);
  });

  it.each([0, 6, 2.3, -1, '4', null, 5.5, 0.25])('rejects the rating %j with 400', async (rating) => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();
    const res = await postReview(t.app, me.sid, { productId: product.id, rating, comment: 'Hmm' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.invalidRating);
    expect(await reviewRows(t.app.ctx.db, product.id)).toEqual([]);
  });

  it('rejects a missing rating with 400', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();
    const res = await postReview(t.app, me.sid, { productId: product.id, comment: 'No stars' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.invalidRating);
  });

  it.each([0.5, 5, 3.5])('accepts the rating %s', async (rating) => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();
    const res = await postReview(t.app, me.sid, { productId: product.id, rating, comment: 'Ok' });
    expect(res.statusCode).toBe(201);
    expect((await reviewRows(t.app.ctx.db, product.id))[0]?.rating).toBe(rating);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['only whitespace', ' \n\t '],
  ])('rejects a %s comment with 400', async (_case, comment) => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();
    const res = await postReview(t.app, me.sid, { productId: product.id, rating: 4, comment });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.commentRequired);
    expect(await reviewRows(t.app.ctx.db, product.id)).toEqual([]);
  });

  it(`rejects a comment of ${MAX_COMMENT_LENGTH + 1} characters and accepts ${MAX_COMMENT_LENGTH}`, async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();
    const long = await postReview(t.app, me.sid, {
      productId: product.id,
      rating: 4,
      comment: 'x'.repeat(MAX_COMMENT_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual(messages.tooLong('Comment', MAX_COMMENT_LENGTH));

    const fits = 'y'.repeat(MAX_COMMENT_LENGTH);
    const res = await postReview(t.app, me.sid, { productId: product.id, rating: 4, comment: fits });
    expect(res.statusCode).toBe(201);
    expect((await reviewRows(t.app.ctx.db, product.id))[0]?.comment).toBe(fits);
  });

  it('stores and answers markup in a comment verbatim, as text', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();
    const comment = `<script>alert(1)</script> <img src=x onerror="alert('x')"> & "quotes" 'too' — ✓ 😀`;
    await postReview(t.app, me.sid, { productId: product.id, rating: 2, comment });
    expect((await reviewRows(t.app.ctx.db, product.id))[0]?.comment).toBe(comment);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/get-product/${product.id}`,
      cookies: { sid: me.sid },
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect((res.json() as { product: { reviews: { comment: string }[] } }).product.reviews[0]?.comment).toBe(
      comment,
    );
  });

  it('rejects a comment or product id with a NUL character with 400 naming the field, never 500', async () => {
    const product = await createProduct(t.app.ctx.db);
    const me = await customer();
    const res = await postReview(t.app, me.sid, { productId: product.id, rating: 4, comment: 'a\u0000b' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(messages.nulCharacter('comment'));
    const byId = await postReview(t.app, me.sid, {
      productId: `${product.id}\u0000`,
      rating: 4,
      comment: 'ok',
    });
    expect(byId.statusCode).toBe(400);
    expect(byId.json()).toEqual(messages.nulCharacter('productId'));
    expect(await reviewRows(t.app.ctx.db, product.id)).toEqual([]);
  });

  it('answers 401 without a session and stores nothing', async () => {
    const product = await createProduct(t.app.ctx.db);
    const res = await postReview(t.app, undefined, {
      productId: product.id,
      rating: 4,
      comment: 'Anonymous',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(messages.loginRequired);
    expect(await reviewRows(t.app.ctx.db, product.id)).toEqual([]);
  });
});
