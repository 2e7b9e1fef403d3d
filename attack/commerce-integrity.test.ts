import { ERROR_ISSUES_HEADER, type Product, commerceMessages } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInOwner, signUp, type Session } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { expectRefused } from './support/expect.js';
import { client } from './support/http.js';
import { mailCount } from './support/mail.js';
import { addProduct, addToCart, buyCart, catalog, product, validShipping } from './support/shop.js';

/** Issue 29 items 8, 10 and 14: stock, ratings and mail an attacker could bend. */
describe(`commerce integrity (${attackDb()})`, () => {
  const api = client(mainShop().baseUrl);
  let owner: Session;

  beforeAll(async () => {
    owner = await logInOwner(api);
  });

  const edit = (id: string, body: object) =>
    api.patch(`/api/product/editProduct/${id}`, { sid: owner.sid, json: body });

  it("never writes an admin's stale stock over a sale made while the form was open", async () => {
    const lamp = await addProduct(api, owner.sid, { name: `Stale Lamp ${Date.now()}`, countInStock: 10 });
    const {
      reviews: _reviews,
      _id,
      rating: _r,
      numReviews: _n,
      ...form
    } = await product(api, owner.sid, lamp._id);
    const buyer = await signUp(api);
    await addToCart(api, buyer.sid, lamp._id, 3);
    await buyCart(api, buyer.sid);

    const saved = await edit(_id, { ...form, price: 1500, loadedCountInStock: form.countInStock });
    expect(saved.status, saved.text).toBe(201);
    expect((saved.body.product as Product).countInStock).toBe(7);

    const stale = await edit(_id, { ...form, countInStock: 12, loadedCountInStock: form.countInStock });
    expectRefused(stale, 409, commerceMessages.stockChangedMeanwhile(7));
    expect(stale.headers.get(ERROR_ISSUES_HEADER)).toContain('countInStock');
    expect((await product(api, owner.sid, _id)).countInStock).toBe(7);
  });

  it("lets six fresh accounts' reviews be listed, marked, but never move a buyer's rating", async () => {
    const name = `Rated Lamp ${Date.now()}`;
    const lamp = await addProduct(api, owner.sid, { name, countInStock: 5 });
    const buyer = await signUp(api);
    await addToCart(api, buyer.sid, lamp._id, 1);
    await buyCart(api, buyer.sid);
    const review = (sid: string, rating: number) =>
      api.post('/api/user/review', { sid, json: { productId: lamp._id, rating, comment: 'Seen it' } });
    expect((await review(buyer.sid, 5)).status).toBe(201);
    for (let i = 0; i < 6; i += 1) expect((await review((await signUp(api)).sid, 0.5)).status).toBe(201);

    const shown = await product(api, buyer.sid, lamp._id);
    expect(shown).toMatchObject({ rating: 5, numReviews: 7 });
    expect(shown.reviews.filter((r) => r.verifiedPurchase).map((r) => r.userId)).toEqual([buyer.id]);
    expect(shown.reviews.filter((r) => !r.verifiedPurchase)).toHaveLength(6);
    const listed = (await catalog(api, buyer.sid)).find((p) => p._id === lamp._id);
    expect(listed).toMatchObject({ rating: 5, numReviews: 7 });
  });

  it("mails the order confirmation to the buyer's own address, never to one typed in the shipping form", async () => {
    const lamp = await addProduct(api, owner.sid, { name: `Mail Lamp ${Date.now()}`, countInStock: 5 });
    const buyer = await signUp(api);
    const victim = `victim-${Date.now()}@attack.test`;
    await addToCart(api, buyer.sid, lamp._id, 1);
    await buyCart(
      api,
      buyer.sid,
      validShipping({ email: victim, name: 'Click evil.example to claim your prize' }),
    );

    const deadline = Date.now() + 10_000;
    while ((await mailCount(mainShop(), buyer.email)) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await mailCount(mainShop(), buyer.email)).toBe(1);
    expect(await mailCount(mainShop(), victim)).toBe(0);
  });
});
