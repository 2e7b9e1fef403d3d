import { REVIEWS_ON_PRODUCT_PAGE, type ProductAnswer } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/lib/tokens.js';
import { loggedIn } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, getProduct, postReview } from '../helpers/products.js';

/**
 * A product page carries the latest REVIEWS_ON_PRODUCT_PAGE reviews (spec
 * section 2: "a list of latest reviews"); numReviews counts them all, and the
 * shopper's own review comes beside them when it may be among those cut.
 */
describe(`a product page's latest reviews (${testDbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const start = Date.parse('2026-03-01T00:00:00Z');
  const minute = (i: number) => new Date(start + i * 60_000).toISOString();

  /** A product with `count` reviews, the first by `firstAuthor`, one a minute, as the review route keeps them. */
  async function reviewed(count: number, firstAuthor: { id: string; name: string }) {
    const product = await createProduct(t.app.ctx.db);
    const rows = Array.from({ length: count }, (_, i) => ({
      id: newId(),
      product_id: product.id,
      user_id: i === 0 ? firstAuthor.id : newId(),
      user_name: i === 0 ? firstAuthor.name : `Reviewer ${i}`,
      rating: 4,
      comment: `Review number ${i}`,
      created_at: minute(i),
      updated_at: minute(i),
    }));
    await t.app.ctx.db.insertInto('reviews').values(rows).execute();
    await t.app.ctx.db
      .updateTable('products')
      .set({ num_reviews: count, rating: 4 })
      .where('id', '=', product.id)
      .execute();
    return { product, rows };
  }

  async function answerFor(sid: string, id: string) {
    const res = await getProduct(t.app, sid, id);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProductAnswer;
  }

  it('shows the latest reviews only, counts them all, and gives the shopper their own older one', async () => {
    const author = await loggedIn(t.app);
    const count = REVIEWS_ON_PRODUCT_PAGE + 3;
    const { product, rows } = await reviewed(count, { id: author.id, name: author.user.name });

    const answer = await answerFor(author.sid, product.id);
    expect(answer.product.numReviews).toBe(count);
    expect(answer.product.reviews.map((r) => r.comment)).toEqual(
      rows
        .slice(-REVIEWS_ON_PRODUCT_PAGE)
        .reverse()
        .map((r) => r.comment),
    );
    expect(answer.ownReview).toEqual({
      userId: author.id,
      name: author.user.name,
      rating: 4,
      comment: 'Review number 0',
      createdAt: minute(0),
      updatedAt: minute(0),
      verifiedPurchase: false,
    });

    // Another shopper, with no review of it: null, whether the page comes from memory or not.
    const other = await loggedIn(t.app);
    const theirs = await answerFor(other.sid, product.id);
    expect(theirs.ownReview).toBeNull();
    expect(theirs.product).toEqual(answer.product);

    // The author again, the page and versions kept and nothing written since (the clock
    // stopped): the kept page still needs their own review read (decisions/0022).
    t.clock.freeze();
    try {
      await answerFor(author.sid, product.id);
      expect(await answerFor(author.sid, product.id)).toEqual(answer);
    } finally {
      t.clock.unfreeze();
    }
  });

  it('puts an edited review first, and still gives it as the own review', async () => {
    const author = await loggedIn(t.app);
    const { product } = await reviewed(REVIEWS_ON_PRODUCT_PAGE + 1, {
      id: author.id,
      name: author.user.name,
    });
    const edited = await postReview(t.app, author.sid, {
      productId: product.id,
      rating: 2,
      comment: 'Changed my mind',
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const answer = await answerFor(author.sid, product.id);
    expect(answer.product.reviews).toHaveLength(REVIEWS_ON_PRODUCT_PAGE);
    expect(answer.product.reviews[0]).toMatchObject({ userId: author.id, comment: 'Changed my mind' });
    expect(answer.ownReview).toEqual(answer.product.reviews[0]);
  });

  it('gives two pages asked at once (one trip on PostgreSQL) their own latest reviews', async () => {
    const shopper = await loggedIn(t.app);
    const first = await reviewed(REVIEWS_ON_PRODUCT_PAGE + 2, { id: newId(), name: 'A' });
    const second = await reviewed(3, { id: newId(), name: 'B' });
    const [a, b] = await Promise.all([
      answerFor(shopper.sid, first.product.id),
      answerFor(shopper.sid, second.product.id),
    ]);
    expect(a.product.reviews).toHaveLength(REVIEWS_ON_PRODUCT_PAGE);
    expect(new Set(a.product.reviews.map((r) => r.userId))).not.toContain(first.rows[0]!.user_id);
    expect(b.product.reviews.map((r) => r.comment)).toEqual([
      'Review number 2',
      'Review number 1',
      'Review number 0',
    ]);
  });

  it('shows every review, with no ownReview beside them, while they fit', async () => {
    const author = await loggedIn(t.app);
    const { product } = await reviewed(REVIEWS_ON_PRODUCT_PAGE, { id: author.id, name: author.user.name });
    const answer = await answerFor(author.sid, product.id);
    expect(answer.product.reviews).toHaveLength(REVIEWS_ON_PRODUCT_PAGE);
    expect(answer.product.reviews.at(-1)).toMatchObject({ userId: author.id });
    expect(answer).not.toHaveProperty('ownReview');

    // A count above the rows there are (a generated catalog's) cuts nothing either.
    const fewer = await reviewed(3, { id: author.id, name: author.user.name });
    await t.app.ctx.db
      .updateTable('products')
      .set({ num_reviews: 150 })
      .where('id', '=', fewer.product.id)
      .execute();
    expect(await answerFor(author.sid, fewer.product.id)).not.toHaveProperty('ownReview');
  });
});
