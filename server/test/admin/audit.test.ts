import type { AuditEntry, Product } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addProduct,
  auditOf,
  deleteProduct,
  deleteUser,
  deliver,
  editProduct,
  imageOf,
  loggedIn,
  loginAsAdmin,
  multipartImage,
  upload,
  uploadedImageUrl,
  validProduct,
} from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';

describe(`the audit log (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const auditCount = async () => (await t.app.ctx.db.selectFrom('audit_log').select('id').execute()).length;

  /**
   * Runs one admin action a minute after the last and answers the one entry
   * it wrote, checking its time falls within the action.
   */
  async function onlyEntryOf(action: () => Promise<unknown>): Promise<AuditEntry> {
    t.clock.advance(60_000);
    const count = await auditCount();
    const before = t.clock.now().toISOString();
    await action();
    const after = t.clock.now().toISOString();
    expect(await auditCount()).toBe(count + 1);
    const [latest] = await auditOf(t.app, admin.sid);
    expect(latest!.time >= before && latest!.time <= after).toBe(true);
    return latest!;
  }

  it('writes one entry per admin action, with actor, action, target and time, listed newest first', async () => {
    const actor = { userId: admin.id, email: admin.user.email };
    const buyer = await loggedIn(t.app);
    const bought = await createProduct(t.app.ctx.db);
    await addToCart(t.app, buyer.sid, bought.id, 1);
    const [order] = (await buyCart(t.app, buyer.sid)).orders;
    const leaving = await loggedIn(t.app);

    let url = '';
    const uploaded = await onlyEntryOf(async () => (url = await uploadedImageUrl(t.app, admin.sid)));
    expect(uploaded).toMatchObject({ actor, action: 'upload.image', targetType: 'upload' });
    expect(`/uploads/${uploaded.targetId}`).toBe(url);

    let product: Product | undefined;
    const added = await onlyEntryOf(async () => {
      product = (await addProduct(t.app, admin.sid, validProduct({ image: url }))).json().product as Product;
    });
    expect(added).toMatchObject({
      actor,
      action: 'product.add',
      targetType: 'product',
      targetId: product!._id,
    });
    expect(JSON.parse(added.details)).toMatchObject({ name: product!.name });

    const edited = await onlyEntryOf(() =>
      editProduct(t.app, admin.sid, product!._id, validProduct({ price: 10, countInStock: 2 })),
    );
    expect(edited).toMatchObject({
      actor,
      action: 'product.edit',
      targetType: 'product',
      targetId: product!._id,
    });
    expect(JSON.parse(edited.details)).toMatchObject({ pricePaise: [149950, 1000], stock: [12, 2] });

    const delivered = await onlyEntryOf(() => deliver(t.app, admin.sid, order!._id));
    expect(delivered).toMatchObject({
      actor,
      action: 'order.deliver',
      targetType: 'order',
      targetId: order!._id,
    });

    const removed = await onlyEntryOf(() => deleteProduct(t.app, admin.sid, product!._id));
    expect(removed).toMatchObject({
      actor,
      action: 'product.delete',
      targetType: 'product',
      targetId: product!._id,
    });

    const gone = await onlyEntryOf(() => deleteUser(t.app, admin.sid, leaving.id));
    expect(gone).toMatchObject({ actor, action: 'user.delete', targetType: 'user', targetId: leaving.id });
    expect(JSON.parse(gone.details)).toMatchObject({ email: leaving.user.email });

    const entries = await auditOf(t.app, admin.sid);
    expect(entries.slice(0, 6)).toEqual([gone, removed, delivered, edited, added, uploaded]);
    const times = entries.map((e) => e.time);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('writes nothing for a refused action: validation, a customer, an unknown id, the admin themselves', async () => {
    const customer = await loggedIn(t.app);
    const product = await createProduct(t.app.ctx.db);
    const unknown = '7d1f4a4e-0000-4000-8000-000000000000';
    const png = multipartImage(await imageOf('png'), 'photo.png', 'image/png');
    const text = multipartImage(Buffer.from('not an image'), 'photo.png', 'image/png');
    const before = await auditOf(t.app, admin.sid);

    const refused = [
      await addProduct(t.app, admin.sid, validProduct({ price: -1 })),
      await editProduct(t.app, admin.sid, product.id, validProduct({ category: 'toys' })),
      await editProduct(t.app, admin.sid, unknown, validProduct()),
      await deleteProduct(t.app, admin.sid, unknown),
      await deliver(t.app, admin.sid, unknown),
      await deleteUser(t.app, admin.sid, unknown),
      await deleteUser(t.app, admin.sid, admin.id),
      await upload(t.app, admin.sid, text),
      await addProduct(t.app, customer.sid, validProduct()),
      await editProduct(t.app, customer.sid, product.id, validProduct()),
      await deleteProduct(t.app, customer.sid, product.id),
      await deleteUser(t.app, customer.sid, customer.id),
      await upload(t.app, customer.sid, png),
      await addProduct(t.app, undefined, validProduct()),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([
      400, 400, 404, 404, 404, 404, 409, 400, 403, 403, 403, 403, 403, 401,
    ]);
    expect(await auditOf(t.app, admin.sid)).toEqual(before);
  });

  it('keeps an entry by an admin who is later deleted, with their email as it was', async () => {
    const other = await loginAsAdmin(t.app);
    const product = await createProduct(t.app.ctx.db);
    t.clock.advance(60_000);
    expect((await deleteProduct(t.app, other.sid, product.id)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await deleteUser(t.app, admin.sid, other.id)).statusCode).toBe(200);
    const [deleted, byThem] = await auditOf(t.app, admin.sid);
    expect(deleted).toMatchObject({ action: 'user.delete', targetId: other.id });
    expect(byThem).toMatchObject({
      actor: { userId: other.id, email: other.user.email },
      action: 'product.delete',
      targetId: product.id,
    });
  });
});
