import { MAX_DESCRIPTION_LENGTH, MAX_PRODUCT_NAME_LENGTH, messages, type Product } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, editProduct, loginAsAdmin, uploadedImageUrl, validProduct } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, productRow } from '../helpers/products.js';

const FIELDS = ['name', 'category', 'price', 'countInStock', 'image', 'description'] as const;

describe(`product validation on add and edit (${testDbKind})`, () => {
  let t: TestApp;
  let sid: string;
  beforeAll(async () => {
    t = await createTestApp();
    sid = (await loginAsAdmin(t.app)).sid;
  });
  afterAll(() => t.close());

  const productCount = async () => (await t.app.ctx.db.selectFrom('products').select('id').execute()).length;

  /**
   * Sends `body` to add and to edit; both must refuse it with 400 and `message`,
   * adding nothing and leaving the edited product as it was.
   */
  async function expectRefused(body: object, message: string) {
    const existing = await createProduct(t.app.ctx.db);
    const before = await productRow(t.app.ctx.db, existing.id);
    const count = await productCount();
    for (const res of [
      await addProduct(t.app, sid, body),
      await editProduct(t.app, sid, existing.id, body),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toBe(message);
    }
    expect(await productCount()).toBe(count);
    expect(await productRow(t.app.ctx.db, existing.id)).toEqual(before);
  }

  /** Sends `body` to add and to edit; both must accept it. Answers the two stored rows. */
  async function expectAccepted(body: object) {
    const existing = await createProduct(t.app.ctx.db);
    const added = await addProduct(t.app, sid, body);
    const edited = await editProduct(t.app, sid, existing.id, body);
    expect(added.statusCode, added.body).toBe(201);
    expect(edited.statusCode, edited.body).toBe(201);
    const addedId = (added.json() as { product: Product }).product._id;
    return [await productRow(t.app.ctx.db, addedId), await productRow(t.app.ctx.db, existing.id)];
  }

  it.each(FIELDS)('refuses a product without %s: Fields cant be empty', async (field) => {
    const body: Record<string, unknown> = validProduct();
    delete body[field];
    await expectRefused(body, messages.fieldsCantBeEmpty);
  });

  it.each(FIELDS.flatMap((field) => [[field, ''] as const, [field, null] as const, [field, '   '] as const]))(
    'refuses %s given as %j: Fields cant be empty',
    async (field, value) => {
      await expectRefused(validProduct({ [field]: value }), messages.fieldsCantBeEmpty);
    },
  );

  it('refuses a name of 201 characters and accepts one of 200', async () => {
    await expectRefused(
      validProduct({ name: 'n'.repeat(MAX_PRODUCT_NAME_LENGTH + 1) }),
      messages.tooLong('Name', MAX_PRODUCT_NAME_LENGTH),
    );
    const rows = await expectAccepted(validProduct({ name: 'n'.repeat(MAX_PRODUCT_NAME_LENGTH) }));
    for (const row of rows) expect(row.name).toHaveLength(MAX_PRODUCT_NAME_LENGTH);
  });

  it('refuses a category outside the four', async () => {
    for (const category of ['toys', 'all', 'Electronics'])
      await expectRefused(validProduct({ category }), messages.invalidProductCategory);
  });

  it.each([
    ['zero', 0],
    ['less than a paisa', 1e-9],
    ['a negative price', -5],
    ['three decimals', 12.345],
    ['a trillion rupees', 1e12],
    ['a string of words', 'a hundred'],
    ['a number string with a unit', '100 rupees'],
    ['a number string with spaces around it', ' 100 '],
    ['a number string in exponent form', '1e3'],
    ['a number string with a thousands separator', '1,499'],
    ['a hex string', '0x10'],
    ['a zero string', '0'],
    ['a negative number string', '-3'],
    ['a number string with three decimals', '12.345'],
    ['a boolean', true],
  ])('refuses %s as the price', async (_case, price) => {
    await expectRefused(validProduct({ price }), messages.invalidPrice);
  });

  it('accepts a plain decimal string as the price, as a form sends it, stored as its number', async () => {
    for (const [price, paise] of [
      ['1499', 149900],
      ['12.50', 1250],
      ['0.01', 1],
    ] as const) {
      for (const row of await expectAccepted(validProduct({ price })))
        expect(Number(row.price_paise)).toBe(paise);
    }
  });

  it('accepts prices in rupees with up to two decimals, stored as whole paise', async () => {
    for (const [price, paise] of [
      [99.99, 9999],
      [1, 100],
      [0.01, 1],
      [1299.5, 129950],
    ] as const) {
      for (const row of await expectAccepted(validProduct({ price })))
        expect(Number(row.price_paise)).toBe(paise);
    }
  });

  it.each([
    ['a negative count', -1],
    ['a fraction', 1.5],
    ['two million', 2e6],
    ['a string of words', 'three'],
    ['a number string with spaces around it', ' 3'],
    ['a number string in exponent form', '1e2'],
    ['a negative number string', '-3'],
    ['a fraction string', '1.5'],
  ])('refuses %s as the stock', async (_case, countInStock) => {
    await expectRefused(validProduct({ countInStock }), messages.invalidStock);
  });

  it('accepts a plain decimal string as the stock, as a form sends it, stored as its number', async () => {
    for (const [countInStock, stored] of [
      ['3', 3],
      ['0', 0],
      ['12.0', 12],
    ] as const) {
      for (const row of await expectAccepted(validProduct({ countInStock })))
        expect(Number(row.count_in_stock)).toBe(stored);
    }
  });

  it('accepts a stock of 0', async () => {
    for (const row of await expectAccepted(validProduct({ countInStock: 0 })))
      expect(row.count_in_stock).toBe(0);
  });

  it.each([
    'javascript:alert(1)',
    'ftp://x',
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk',
    '/etc/passwd',
    '/uploads/not-there.webp',
    '/uploads/../../etc/passwd',
    '/uploads/..',
    '/uploads/.',
    'https://cdn.example.com/a b.jpg',
  ])('refuses %s as the image', async (image) => {
    await expectRefused(validProduct({ image }), messages.invalidImage);
  });

  it('accepts an https image URL and an image uploaded to the shop', async () => {
    const uploaded = await uploadedImageUrl(t.app, sid);
    expect(uploaded).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    for (const image of ['https://cdn.example.com/images/lamp.jpg', uploaded]) {
      for (const row of await expectAccepted(validProduct({ image }))) expect(row.image).toBe(image);
    }
  });

  it('refuses a description over 5000 characters and accepts one of 5000', async () => {
    await expectRefused(
      validProduct({ description: 'd'.repeat(MAX_DESCRIPTION_LENGTH + 1) }),
      messages.tooLong('Description', MAX_DESCRIPTION_LENGTH),
    );
    const rows = await expectAccepted(validProduct({ description: 'd'.repeat(MAX_DESCRIPTION_LENGTH) }));
    for (const row of rows) expect(row.description).toHaveLength(MAX_DESCRIPTION_LENGTH);
  });

  it('stores name and description trimmed', async () => {
    const body = validProduct({ name: '  Lamp  ', description: '  Bright.  ' });
    for (const row of await expectAccepted(body)) {
      expect(row).toMatchObject({ name: 'Lamp', name_search: 'lamp', description: 'Bright.' });
    }
  });
});
