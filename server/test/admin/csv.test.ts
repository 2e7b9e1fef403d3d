import { gstMessages, messages, overviewMessages, ownMessages, type ImportReport } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer, validShipping } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct } from '../helpers/products.js';
import { newId } from '../../src/lib/tokens.js';
import { addDays, shopDay } from '../../src/lib/shop-time.js';

const BOM = '\uFEFF';

describe(`CSV exports and the product import (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const download = async (url: string) => {
    const res = await call(t.app, 'GET', url, admin.sid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith(BOM)).toBe(true);
    return { text, rows: parse(text, { bom: true, columns: true }) as Record<string, string>[] };
  };
  const importCsv = (csv: string, dryRun: boolean) =>
    call(t.app, 'POST', '/api/admin/import/products', admin.sid, { csv, dryRun });

  it('exports the orders of a date range, one row per order line, Hindi intact, amounts and refunds', async () => {
    const today = shopDay(new Date());
    const diya = await createProduct(t.app.ctx.db, { name: 'मिट्टी का दीया', price_paise: 149_50 });
    const lamp = await createProduct(t.app.ctx.db, { price_paise: 1250_00 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, diya.id, 3);
    await addToCart(t.app, me.sid, lamp.id, 1);
    const shipping = validShipping({ name: 'आशा वर्मा', town: 'पुणे', streetAddress: '12, "Lotus" Lane' });
    const { orders } = await buyCart(t.app, me.sid, shipping);
    const lampOrder = orders.find((o) => o.orderItem.productId === lamp.id)!;
    await call(t.app, 'POST', `/api/admin/orders/${lampOrder._id}/refund`, admin.sid, { amount: 250 });

    const { rows } = await download(`/api/admin/export/orders.csv?from=${today}&to=${today}`);
    expect(rows).toHaveLength(2);
    const diyaRow = rows.find((r) => r.productId === diya.id)!;
    expect(diyaRow).toMatchObject({
      productName: 'मिट्टी का दीया',
      recipientName: 'आशा वर्मा',
      town: 'पुणे',
      streetAddress: '12, "Lotus" Lane',
      buyerEmail: me.user.email,
      status: 'placed',
      unitPrice: '149.50',
      quantity: '3',
      amount: '448.50',
      refunded: '0.00',
    });
    expect(rows.find((r) => r.productId === lamp.id)).toMatchObject({
      amount: '1250.00',
      refunded: '250.00',
    });
    const yesterday = addDays(today, -1);
    expect((await download(`/api/admin/export/orders.csv?from=${yesterday}&to=${yesterday}`)).rows).toEqual(
      [],
    );
  });

  it("keeps a deleted customer's orders, and writes placedAt in India's time as the range reads days", async () => {
    const day = '2026-03-31';
    const lamp = await createProduct(t.app.ctx.db, { price_paise: 999_00 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, lamp.id, 1);
    const { orders } = await buyCart(t.app, me.sid);
    // Five past midnight in India: still the day before in UTC.
    const placed = new Date(Date.parse(`${day}T00:05:00+05:30`)).toISOString();
    await t.app.ctx.db
      .updateTable('orders')
      .set({ created_at: placed })
      .where('id', '=', orders[0]!._id)
      .execute();
    const gone = await call(t.app, 'POST', '/api/user/delete', me.sid, { password: me.user.password });
    expect(gone.statusCode, gone.body).toBe(200);

    const { rows } = await download(`/api/admin/export/orders.csv?from=${day}&to=${day}`);
    expect(rows).toEqual([
      expect.objectContaining({
        orderId: orders[0]!._id,
        placedAt: `${day} 00:05:00`,
        buyerName: ownMessages.deletedCustomer,
        buyerEmail: '',
        amount: '999.00',
      }),
    ]);
    expect((await download(`/api/admin/export/orders.csv?from=2026-03-30&to=2026-03-30`)).rows).toEqual([]);
  });

  it('refuses a date range it cannot read, with the reason', async () => {
    for (const [query, message] of [
      ['from=2026-13-01&to=2026-12-31', overviewMessages.invalidDate],
      ['from=yesterday&to=2026-12-31', overviewMessages.invalidDate],
      ['from=2026-12-31&to=2026-12-01', overviewMessages.dateRangeBackwards],
    ] as const) {
      const res = await call(t.app, 'GET', `/api/admin/export/orders.csv?${query}`, admin.sid);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toBe(message);
    }
    expect((await call(t.app, 'GET', '/api/admin/export/products.csv')).statusCode).toBe(401);
  });

  it('exports every product past one batch, and the file imports back unchanged', async () => {
    const many = Array.from({ length: 2100 }, (_, i) => ({
      id: newId(),
      name: `Bulk ${i}`,
      name_search: `bulk ${i}`,
      category: 'electronics',
      price_paise: 100_00 + i,
      count_in_stock: i % 50,
      image: '/images/products/test.svg',
      description: 'Made in bulk, for the export.',
      created_at: new Date().toISOString(),
    }));
    for (let i = 0; i < many.length; i += 300) {
      await t.app.ctx.db
        .insertInto('products')
        .values(many.slice(i, i + 300))
        .execute();
    }
    const formula = await createProduct(t.app.ctx.db, { name: '=SUM(A1:A9)', description: '+91 लैंप' });
    const taxed = await createProduct(t.app.ctx.db, { hsn_code: '09011100', gst_rate: 5 });
    const { text, rows } = await download('/api/admin/export/products.csv');
    expect(Object.keys(rows[0]!)).toEqual([
      'id',
      'name',
      'category',
      'price',
      'countInStock',
      'image',
      'description',
      'hsnCode',
      'gstRate',
      'countInStockAtExport',
    ]);
    expect(rows.find((r) => r.id === taxed.id)).toMatchObject({ hsnCode: '09011100', gstRate: '5' });
    expect(rows.find((r) => r.id === formula.id)).toMatchObject({ hsnCode: '', gstRate: '' });
    const total = await t.app.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(rows).toHaveLength(Number(total.n));
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    // A cell a spreadsheet would run as a formula is written as text.
    expect(rows.find((r) => r.id === formula.id)).toMatchObject({
      name: "'=SUM(A1:A9)",
      description: "'+91 लैंप",
    });

    const res = await importCsv(text, true);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as ImportReport;
    expect(report).toMatchObject({ dryRun: true, written: false, created: 0, updated: 0, rejected: [] });
    expect(report.unchanged).toBe(rows.length);
  });

  it('a dry run says what would change and writes nothing; the import then writes it all', async () => {
    const kept = await createProduct(t.app.ctx.db, {
      name: 'Brass lamp',
      price_paise: 500_00,
      count_in_stock: 4,
    });
    const csv = [
      'id,name,category,price,countInStock,image,description',
      `${kept.id},Brass lamp,electronics,549.00,4,/images/products/test.svg,A product made for a test.`,
      ',नया दीया,electronics,99.50,20,https://cdn.example.com/diya.jpg,"Clay, hand-made"',
    ].join('\r\n');
    const dry = await importCsv(csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({
      dryRun: true,
      written: false,
      created: 1,
      updated: 1,
      unchanged: 0,
      rejected: [],
      changes: [
        { line: 2, action: 'update', id: kept.id, name: 'Brass lamp', fields: ['price'] },
        { line: 3, action: 'create', id: null, name: 'नया दीया' },
      ],
    });
    const price = () =>
      t.app.ctx.db
        .selectFrom('products')
        .select('price_paise')
        .where('id', '=', kept.id)
        .executeTakeFirstOrThrow();
    expect(Number((await price()).price_paise)).toBe(500_00);

    const real = await importCsv(csv, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ dryRun: false, written: true, created: 1, updated: 1 });
    expect(Number((await price()).price_paise)).toBe(549_00);
    const created = await t.app.ctx.db
      .selectFrom('products')
      .select(['name', 'price_paise', 'description'])
      .where('name', '=', 'नया दीया')
      .execute();
    expect(created).toEqual([{ name: 'नया दीया', price_paise: 99_50, description: 'Clay, hand-made' }]);
  });

  it("rejects rows by the product form's rules, each with its line and reason, and then writes none", async () => {
    const kept = await createProduct(t.app.ctx.db, { price_paise: 700_00 });
    const csv = [
      'id,name,category,price,countInStock,image,description',
      `${kept.id},Renamed,electronics,710,3,/images/products/test.svg,Fine row`,
      ',Cheap,electronics,-5,3,/images/products/test.svg,Negative price',
      ',,electronics,10,3,/images/products/test.svg,No name',
      ',Odd,toys,10,3,/images/products/test.svg,Unknown category',
      ',Half,electronics,10,2.5,/images/products/test.svg,Half a unit',
      'no-such-id,Ghost,electronics,10,3,/images/products/test.svg,Unknown id',
    ].join('\n');
    const dry = await importCsv(csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json() as ImportReport;
    expect(report.rejected).toEqual([
      { line: 3, reason: `price: ${messages.invalidPrice}` },
      { line: 4, reason: `name: ${messages.fieldsCantBeEmpty}` },
      { line: 5, reason: `category: ${messages.invalidProductCategory}` },
      { line: 6, reason: `countInStock: ${messages.invalidStock}` },
      { line: 7, reason: `id: ${overviewMessages.importUnknownId}` },
    ]);
    expect(report.changes).toEqual([
      {
        line: 2,
        action: 'update',
        id: kept.id,
        name: 'Renamed',
        fields: ['name', 'price', 'countInStock', 'description'],
      },
    ]);

    const real = await importCsv(csv, false);
    expect(real.statusCode).toBe(422);
    expect(real.json()).toBe(overviewMessages.importRejected);
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select(['name'])
      .where('id', '=', kept.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(kept.name);
  });

  it('sets, keeps and clears HSN codes and GST rates, and a file without those columns keeps them', async () => {
    const taxed = await createProduct(t.app.ctx.db, { hsn_code: '9405', gst_rate: 18 });
    const untaxed = await createProduct(t.app.ctx.db);
    const row = (p: typeof taxed, tax: string) =>
      `${p.id},${p.name},electronics,100.00,10,/images/products/test.svg,A product made for a test.,${tax}`;
    const header = 'id,name,category,price,countInStock,image,description,hsnCode,gstRate';
    const taxOf = async (id: string) =>
      t.app.ctx.db
        .selectFrom('products')
        .select(['hsn_code', 'gst_rate'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const set = [header, row(taxed, '9405,18'), row(untaxed, '940510,12')].join('\n');
    const dry = await importCsv(set, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect((dry.json() as ImportReport).changes).toEqual([
      { line: 2, action: 'unchanged', id: taxed.id, name: taxed.name, fields: [] },
      { line: 3, action: 'update', id: untaxed.id, name: untaxed.name, fields: ['hsnCode', 'gstRate'] },
    ]);
    expect((await importCsv(set, false)).statusCode).toBe(200);
    expect(await taxOf(untaxed.id)).toEqual({ hsn_code: '940510', gst_rate: 12 });

    // Without the columns (a file from before they were exported), every product keeps its own.
    const older = [
      'id,name,category,price,countInStock,image,description',
      `${taxed.id},Renamed lamp,electronics,100.00,10,/images/products/test.svg,A product made for a test.`,
    ].join('\n');
    const renamed = await importCsv(older, false);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as ImportReport).changes[0]!.fields).toEqual(['name']);
    expect(await taxOf(taxed.id)).toEqual({ hsn_code: '9405', gst_rate: 18 });

    // Blank cells clear them, as the product form's blank fields do.
    const cleared = await importCsv([header, row(untaxed, ' , ')].join('\n'), false);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await taxOf(untaxed.id)).toEqual({ hsn_code: null, gst_rate: null });

    // A spreadsheet that read the codes as numbers dropped their leading 0: it comes back.
    const coffee = await importCsv(
      [header, row(taxed, '901,5'), row(untaxed, '9011100,5')].join('\n'),
      false,
    );
    expect(coffee.statusCode, coffee.body).toBe(200);
    expect(await taxOf(taxed.id)).toEqual({ hsn_code: '0901', gst_rate: 5 });
    expect(await taxOf(untaxed.id)).toEqual({ hsn_code: '09011100', gst_rate: 5 });
    await importCsv([header, row(taxed, '9405,18')].join('\n'), false);

    const added = ',New lamp,electronics,100.00,10,/images/products/test.svg,Hex rate,9405,0x12';
    const wrong = await importCsv(
      [header, row(taxed, '94,18'), row(untaxed, '9405,15'), added].join('\n'),
      true,
    );
    expect((wrong.json() as ImportReport).rejected).toEqual([
      { line: 2, reason: `hsnCode: ${gstMessages.hsnInvalid}` },
      { line: 3, reason: `gstRate: ${gstMessages.gstRateInvalid}` },
      { line: 4, reason: `gstRate: ${gstMessages.gstRateInvalid}` },
    ]);
    expect(await taxOf(taxed.id)).toEqual({ hsn_code: '9405', gst_rate: 18 });
  });

  /** The exported file's row of a product, with these cells changed. */
  async function exportedRow(id: string, change: Record<string, string>) {
    const { rows } = await download('/api/admin/export/products.csv');
    const row = { ...rows.find((r) => r.id === id)!, ...change };
    const header = Object.keys(row);
    const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
    return [header.join(','), header.map((column) => quoted(row[column]!)).join(',')].join('\r\n');
  }
  const stockOf = async (id: string) =>
    (
      await t.app.ctx.db
        .selectFrom('products')
        .select('count_in_stock')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).count_in_stock;

  it('leaves the stock as sales made it when the file keeps the count it was exported with', async () => {
    const cube = await createProduct(t.app.ctx.db, { price_paise: 300_00, count_in_stock: 10 });
    const csv = await exportedRow(cube.id, { price: '320.00' });
    expect(csv).toContain(',"10","');
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, cube.id, 2);
    await buyCart(t.app, me.sid);
    expect(await stockOf(cube.id)).toBe(8);

    const dry = await importCsv(csv, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect((dry.json() as ImportReport).changes).toEqual([
      { line: 2, action: 'update', id: cube.id, name: cube.name, fields: ['price'] },
    ]);
    const real = await importCsv(csv, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(await stockOf(cube.id)).toBe(8);
    const price = await t.app.ctx.db
      .selectFrom('products')
      .select('price_paise')
      .where('id', '=', cube.id)
      .executeTakeFirstOrThrow();
    expect(Number(price.price_paise)).toBe(320_00);
  });

  it('refuses a changed count when the stock moved since the export, and writes one when it did not', async () => {
    const moved = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const still = await createProduct(t.app.ctx.db, { count_in_stock: 10 });
    const movedCsv = await exportedRow(moved.id, { countInStock: '15' });
    const stillCsv = await exportedRow(still.id, { countInStock: '15' });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, moved.id, 3);
    await buyCart(t.app, me.sid);

    const checked = await importCsv(movedCsv, true);
    expect((checked.json() as ImportReport).rejected).toEqual([
      { line: 2, reason: `countInStock: ${overviewMessages.importStockMoved(10, 7)}` },
    ]);
    const refused = await importCsv(movedCsv, false);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toBe(overviewMessages.importRejected);
    expect(await stockOf(moved.id)).toBe(7);

    const written = await importCsv(stillCsv, false);
    expect(written.statusCode, written.body).toBe(200);
    expect((written.json() as ImportReport).changes[0]!.fields).toEqual(['countInStock']);
    expect(await stockOf(still.id)).toBe(15);

    const unreadable = await importCsv(await exportedRow(still.id, { countInStockAtExport: 'ten' }), true);
    expect((unreadable.json() as ImportReport).rejected).toEqual([
      { line: 2, reason: `countInStockAtExport: ${overviewMessages.importStockAtExportInvalid}` },
    ]);
  });

  it('refuses a file not saved as UTF-8, or with a column twice, saying so and writing nothing', async () => {
    const header = 'id,name,category,price,countInStock,image,description';
    // What the browser reads from a Windows-1252 file: "Café" with its é replaced.
    const latin = await importCsv(
      `${header}\n,Caf\uFFFD lamp,electronics,10,1,/images/products/test.svg,x`,
      true,
    );
    expect(latin.statusCode).toBe(200);
    expect((latin.json() as ImportReport).rejected).toEqual([
      { line: 2, reason: `name: ${messages.unreadableCharacter('Name')}` },
    ]);
    const twice = await importCsv(
      `${header},name\n,Lamp,electronics,10,1,/images/products/test.svg,x,Other lamp`,
      true,
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toBe(overviewMessages.importDuplicateColumns(['name']));
  });

  it('refuses a file without the columns, or without rows, saying so', async () => {
    const noColumns = await importCsv('id,name\n,Lamp', true);
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json()).toBe(
      overviewMessages.importMissingColumns(['category', 'price', 'countInStock', 'image', 'description']),
    );
    const noRows = await importCsv('id,name,category,price,countInStock,image,description\n', true);
    expect(noRows.statusCode).toBe(400);
    expect(noRows.json()).toBe(overviewMessages.importNoRows);
    const unreadable = await importCsv(
      'id,name,category,price,countInStock,image,description\n,"Lamp,x',
      true,
    );
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toMatch(/^The file is not a CSV that can be read/);
  });
});
