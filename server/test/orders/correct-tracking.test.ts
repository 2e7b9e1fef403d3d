import { orderMessages, type AdminOrderDetail, type Order } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditOf, call, deliver, loginAsAdmin } from '../helpers/admin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addToCart, buyCart, customer, getOrder } from '../helpers/checkout.js';
import { testDbKind } from '../helpers/databases.js';
import { decodedMail, outbox } from '../helpers/mail.js';
import { createProduct } from '../helpers/products.js';

const wrong = {
  carrier: 'Delhivery',
  trackingNumber: 'DLV12345678',
  trackingUrl: 'https://track.example.in/DLV12345678',
};
const right = {
  carrier: 'Blue Dart',
  trackingNumber: 'BD987654321',
  trackingUrl: 'https://bluedart.example.in/BD987654321',
};

/** The owner typed a wrong carrier or tracking number when shipping, and ships it again with the right ones. */
describe(`correcting a shipped order's tracking (${testDbKind})`, () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof loginAsAdmin>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAsAdmin(t.app);
  });
  afterAll(() => t.close());

  const act = (id: string, body: object) =>
    call(t.app, 'POST', `/api/admin/orders/${id}/ship`, admin.sid, body);
  const detail = async (id: string) => {
    const res = await call(t.app, 'GET', `/api/admin/orders/${id}`, admin.sid);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminOrderDetail;
  };
  const mailsTo = async (to: string, subject: string) =>
    [...(await outbox(t)).values()]
      .map(decodedMail)
      .filter((m) => m.includes(`To: ${to}`) && m.includes(subject));
  const auditsOf = async (id: string) => (await auditOf(t.app, admin.sid)).filter((a) => a.targetId === id);

  /** A customer's order, shipped with `shipment`. */
  async function shipped(shipment: object = wrong) {
    const product = await createProduct(t.app.ctx.db, { count_in_stock: 5 });
    const me = await customer(t.app);
    await addToCart(t.app, me.sid, product.id, 1);
    const order = (await buyCart(t.app, me.sid)).orders[0]!;
    expect((await act(order._id, shipment)).statusCode).toBe(200);
    return { me, order };
  }

  it('replaces the tracking, says so, and the customer sees and is mailed the right one', async () => {
    const { me, order } = await shipped();
    const res = await act(order._id, right);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: orderMessages.trackingUpdatedDone,
      order: { status: 'shipped', shipment: right },
    });

    const mine = (await getOrder(t.app, me.sid, order._id)).json() as Order;
    expect(mine).toMatchObject({ status: 'shipped', shipment: right });
    const [mail, ...more] = await mailsTo(me.user.email, orderMessages.mailTrackingUpdated);
    expect(more).toEqual([]);
    expect(mail).toContain(right.trackingNumber);
    expect(mail).toContain(right.carrier);
    expect(mail).not.toContain(wrong.trackingNumber);
  });

  it("records the correction in the order's history and the audit log, the old details with it", async () => {
    const { order } = await shipped();
    t.clock.advance(60_000);
    await act(order._id, right);

    const page = await detail(order._id);
    expect(page.order.status).toBe('shipped');
    expect(page.history.map((h) => h.status)).toEqual(['placed', 'shipped', 'shipped']);
    const correction = page.history[2]!;
    expect(correction.by).toBe(admin.user.email);
    expect(correction.note).toContain(orderMessages.trackingUpdatedDone);
    expect(correction.note).toContain(right.trackingNumber);
    expect(correction.note).toContain(wrong.trackingNumber);

    const audits = await auditsOf(order._id);
    expect(audits.map((a) => a.action)).toEqual(['order.tracking', 'order.ship']);
    expect(JSON.parse(audits[0]!.details)).toEqual({
      from: `${wrong.carrier} ${wrong.trackingNumber} ${wrong.trackingUrl}`,
      to: `${right.carrier} ${right.trackingNumber} ${right.trackingUrl}`,
    });
  });

  it('takes a tracking URL away when the correction leaves it out', async () => {
    const { order } = await shipped();
    const { trackingUrl: _gone, ...noUrl } = wrong;
    const res = await act(order._id, noUrl);
    expect(res.json()).toMatchObject({
      message: orderMessages.trackingUpdatedDone,
      order: { shipment: { ...noUrl, trackingUrl: null } },
    });
  });

  it('changes nothing when shipped again with the same details (an empty URL is no URL)', async () => {
    const { trackingUrl: _none, ...noUrl } = wrong;
    const { me, order } = await shipped(noUrl);
    const before = await detail(order._id);
    const res = await act(order._id, {
      ...noUrl,
      trackingNumber: ` ${noUrl.trackingNumber} `,
      trackingUrl: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(orderMessages.orderShippedDone);
    expect(await detail(order._id)).toEqual(before);
    expect((await auditsOf(order._id)).map((a) => a.action)).toEqual(['order.ship']);
    expect(await mailsTo(me.user.email, orderMessages.mailTrackingUpdated)).toEqual([]);
  });

  it('of the same correction sent many times at once, exactly one makes it', async () => {
    const { order } = await shipped();
    const answers = await Promise.all(Array.from({ length: 5 }, () => act(order._id, right)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const said = answers.map((r) => (r.json() as { message: string }).message);
    expect(said.filter((m) => m === orderMessages.trackingUpdatedDone)).toHaveLength(1);
    expect(said.filter((m) => m === orderMessages.orderShippedDone)).toHaveLength(4);
    expect((await detail(order._id)).history).toHaveLength(3);
    expect((await auditsOf(order._id)).map((a) => a.action)).toEqual(['order.tracking', 'order.ship']);
  });

  it('still refuses to ship a delivered order (409), its tracking as it was', async () => {
    const { order } = await shipped();
    await deliver(t.app, admin.sid, order._id);
    const res = await act(order._id, right);
    expect(res.statusCode).toBe(409);
    expect((await detail(order._id)).order.shipment).toEqual(wrong);
  });
});
