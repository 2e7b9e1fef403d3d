import { gstinCheckChar, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDbKind } from '../helpers/databases.js';
import { sale, taxedProduct, turnGstOn } from '../helpers/gst.js';
import { flowingText, pdfText } from '../helpers/pdf.js';

/** A GSTIN of the given state, its check character right. */
const gstinOf = (stateCode: string) => {
  const first14 = `${stateCode}AAPFU0939F1Z`;
  return first14 + gstinCheckChar(first14);
};

/**
 * A shop whose GST seller is in this state, made before the describe block's tests and closed
 * after them; read `shop.t` and `shop.admin` inside the tests.
 */
function sellerIn(stateCode: string, address: string) {
  const shop = {} as { t: TestApp; admin: Awaited<ReturnType<typeof loginAsAdmin>> };
  beforeAll(async () => {
    shop.t = await createTestApp();
    shop.admin = await loginAsAdmin(shop.t.app);
    await turnGstOn(shop.t.app, shop.admin.sid, { address, stateCode, gstin: gstinOf(stateCode) });
  });
  afterAll(() => shop.t.close());
  return shop;
}

describe(`a seller in a union territory without a legislature charges UTGST (${testDbKind})`, () => {
  const shop = sellerIn('04', 'SCO 12, Sector 17, Chandigarh 160017');

  const pdfItems = async (path: string) => {
    const res = await call(shop.t.app, 'GET', path, shop.admin.sid);
    expect(res.statusCode, res.body).toBe(200);
    return (await pdfText(res.rawPayload)).items;
  };

  it('the invoice and the credit note of a sale within Chandigarh show CGST and UTGST, no SGST', async () => {
    const lamp = await taxedProduct(shop.t.app, 1180_00, 18);
    const { orders } = await sale(shop.t.app, [[lamp, 1]], 'Chandigarh');
    const order: Order = orders[0]!;
    const invoice = await pdfItems(`/api/admin/orders/${order._id}/invoice.pdf`);
    expect(invoice).toContain('CGST');
    expect(invoice).toContain('UTGST');
    expect(flowingText(invoice)).toContain('CGST: ₹90.00 UTGST: ₹90.00');
    expect(invoice.join('\n')).not.toContain('SGST');

    const cancel = await call(shop.t.app, 'POST', `/api/admin/orders/${order._id}/cancel`, shop.admin.sid, {
      reason: 'out of stock',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const note = await pdfItems(`/api/admin/orders/${order._id}/credit-note.pdf`);
    expect(note).toContain('UTGST');
    expect(note.join('\n')).not.toContain('SGST');
  });

  it('a sale to a state shows IGST only', async () => {
    const lamp = await taxedProduct(shop.t.app, 1180_00, 18);
    const { orders } = await sale(shop.t.app, [[lamp, 1]], 'Punjab');
    const invoice = await pdfItems(`/api/admin/orders/${orders[0]!._id}/invoice.pdf`);
    expect(invoice).toContain('IGST: ₹180.00');
    expect(invoice.join('\n')).not.toMatch(/[SU]TGST|SGST/);
  });

  it("the GSTR-1 documents file keeps the standard column names, UTGST in 'State/UT Tax'", async () => {
    const res = await call(
      shop.t.app,
      'GET',
      '/api/admin/gst/report?month=2000-01&section=documents',
      shop.admin.sid,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.split('\n')[0]).toContain('Central Tax,State/UT Tax,Integrated Tax');
  });
});

describe(`a seller in Delhi, a territory with a legislature, keeps SGST (${testDbKind})`, () => {
  const shop = sellerIn('07', '5 Janpath, New Delhi 110001');

  it('within Delhi: CGST and SGST', async () => {
    const lamp = await taxedProduct(shop.t.app, 1180_00, 18);
    const { orders } = await sale(shop.t.app, [[lamp, 1]], 'Delhi');
    const res = await call(
      shop.t.app,
      'GET',
      `/api/admin/orders/${orders[0]!._id}/invoice.pdf`,
      shop.admin.sid,
    );
    const { items } = await pdfText(res.rawPayload);
    expect(items).toContain('SGST');
    expect(items).not.toContain('UTGST');
  });
});
