import { messages, overviewMessages, type ImportReport } from '@shop/shared';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProduct, call, editProduct, loginAsAdmin, validProduct } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { createProduct, productRow } from '../helpers/products.js';

/** U+FFFD: what stands where a character could not be decoded. */
const UNREADABLE = '\uFFFD';

describe(`U+FFFD in product texts: refused when saved, and the export imports back (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const exported = async () => {
    const res = await call(t.app, 'GET', '/api/admin/export/products.csv', admin.sid);
    expect(res.statusCode, res.body).toBe(200);
    return res.rawPayload.toString('utf8');
  };
  const importCsv = (csv: string, dryRun: boolean) =>
    call(t.app, 'POST', '/api/admin/import/products', admin.sid, { csv, dryRun });

  it('refuses a product added or edited with one, naming the field, and stores nothing', async () => {
    const added = await addProduct(t.app, admin.sid, validProduct({ name: `Caf${UNREADABLE} lamp` }));
    expect(added.statusCode).toBe(400);
    expect(added.json()).toBe(messages.unreadableCharacter('Name'));
    const names = await t.app.ctx.db.selectFrom('products').select('name').execute();
    expect(names.filter((p) => p.name.includes(UNREADABLE))).toEqual([]);

    const product = await createProduct(t.app.ctx.db, { description: 'A lamp' });
    const edited = await editProduct(
      t.app,
      admin.sid,
      product.id,
      validProduct({ description: `Warm ${UNREADABLE} light` }),
    );
    expect(edited.statusCode).toBe(400);
    expect(edited.json()).toBe(messages.unreadableCharacter('Description'));
    expect((await productRow(t.app.ctx.db, product.id)).description).toBe('A lamp');
  });

  it('exports a product stored with one before, and the import names its line, writing none until fixed', async () => {
    const garbled = await createProduct(t.app.ctx.db, { name: `Caf${UNREADABLE} lamp` });
    const csv = await exported();
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.find((r) => r.id === garbled.id)?.name).toBe(`Caf${UNREADABLE} lamp`);
    const line = rows.findIndex((r) => r.id === garbled.id) + 2;

    const dryRun = await importCsv(csv, true);
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    const report = dryRun.json() as ImportReport;
    expect(report.rejected).toEqual([{ line, reason: `name: ${messages.unreadableCharacter('Name')}` }]);
    expect(report.unchanged).toBe(rows.length - 1);
    const refused = await importCsv(csv, false);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toBe(overviewMessages.importRejected);

    const fixed = stringify(
      rows.map((r) => (r.id === garbled.id ? { ...r, name: 'Café lamp' } : r)),
      { header: true },
    );
    const written = await importCsv(fixed, false);
    expect(written.statusCode, written.body).toBe(200);
    expect((written.json() as ImportReport).updated).toBe(1);
    expect((await productRow(t.app.ctx.db, garbled.id)).name).toBe('Café lamp');
    // What the shop holds now round-trips.
    const again = (await importCsv(await exported(), true)).json() as ImportReport;
    expect(again.rejected).toEqual([]);
  });

  it("refuses a file whose column names hold one: the spreadsheet's older encoding", async () => {
    const res = await importCsv(
      `id,name,category,price,countInStock,image,description,Caf${UNREADABLE}\n,Lamp,electronics,10,1,/images/products/test.svg,x,y`,
      true,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toBe(overviewMessages.importNotUtf8);
  });
});
