import { messages } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { logInOwner, me, signUp, type Session } from './support/accounts.js';
import { attackDb, mainShop } from './support/context.js';
import { expectRefused } from './support/expect.js';
import { client } from './support/http.js';
import { addProduct, addToCart, buyCart, product, validShipping } from './support/shop.js';

/**
 * The server side of stored XSS: markup is data, kept and answered verbatim
 * as JSON, never written into a page. That no browser runs it is proven by
 * e2e/tests/xss.spec.ts, which opens every page that shows these values.
 */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1;alert(1)">',
  'javascript:window.__xss=1',
  '"><svg onload=alert(1)>',
  "'-alert(1)-'",
  '{{constructor.constructor("alert(1)")()}}',
];

function multipart(content: Buffer, filename: string, type: string) {
  const boundary = '----attack-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe(`stored XSS, server side (${attackDb()})`, () => {
  const api = client(mainShop().baseUrl);
  let owner: Session;
  let customer: Session;

  beforeAll(async () => {
    [owner, customer] = await Promise.all([logInOwner(api), signUp(api)]);
  });

  it('keeps markup in names, reviews, products and addresses verbatim and answers it only as JSON', async () => {
    for (const payload of PAYLOADS) {
      const renamed = await api.patch('/api/user/update', { sid: customer.sid, json: { userName: payload } });
      expect(renamed.status, renamed.text).toBe(200);
      const user = await me(api, customer.sid);
      expect(user.body.name).toBe(payload);
      expect(user.headers.get('content-type')).toMatch(/^application\/json/);

      const item = await addProduct(api, owner.sid, { name: payload, description: `${payload} described` });
      const review = await api.post('/api/user/review', {
        sid: customer.sid,
        json: { productId: item._id, rating: 4, comment: payload },
      });
      expect(review.status, review.text).toBe(201);
      const shown = await api.get(`/api/get-product/${item._id}`, { sid: customer.sid });
      expect(shown.headers.get('content-type')).toMatch(/^application\/json/);
      expect(shown.headers.get('x-content-type-options')).toBe('nosniff');
      expect(shown.body.product).toMatchObject({ name: payload, description: `${payload} described` });
      expect(shown.body.product.reviews[0]).toMatchObject({ name: payload, comment: payload });

      await addToCart(api, customer.sid, item._id, 1);
      const { orders } = await buyCart(
        api,
        customer.sid,
        validShipping({ name: payload, streetAddress: payload }),
      );
      expect(orders[0]).toMatchObject({
        orderItem: { name: payload },
        sent_to: { name: payload },
        shippingAddress: { streetAddress: payload },
      });
    }
  });

  it('never writes stored data into a page: every page is index.html with only its own preload links', async () => {
    const item = await addProduct(api, owner.sid, { name: PAYLOADS[0], description: PAYLOADS[1] });
    const withoutPreloads = (html: string) =>
      html.replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, '');
    const index = withoutPreloads((await api.get('/')).text);
    for (const page of [`/item/${item._id}`, '/userDashboard', '/admin/productList', '/orders']) {
      const res = await api.get(page, { sid: customer.sid });
      expect(withoutPreloads(res.text), page).toBe(index);
      expect(res.text).not.toContain('__xss');
    }
    // The product page's preload names the id from its path: a path of any other shape is left out.
    const odd = await api.get(`/item/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`, {
      sid: customer.sid,
    });
    expect(withoutPreloads(odd.text)).toBe(index);
    expect(odd.text).not.toContain('onerror');
  });

  it.each([
    'javascript:window.__xss=1',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/x.png',
    '/uploads/../../etc/passwd',
  ])('refuses the product image %j with 400', async (image) => {
    const res = await api.post('/api/addProduct', {
      sid: owner.sid,
      json: { name: 'Lamp', category: 'games', price: 10, countInStock: 1, image, description: 'A lamp.' },
    });
    expectRefused(res, 400, messages.invalidImage);
  });

  it('refuses an uploaded SVG or HTML file, whatever name and type it claims', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const [content, name, type] of [
      [svg, 'x.svg', 'image/svg+xml'],
      [svg, 'x.png', 'image/png'],
      [html, 'x.png', 'image/png'],
      [html, 'x.html', 'text/html'],
    ] as const) {
      const res = await api.post('/api/admin/uploads', { sid: owner.sid, ...multipart(content, name, type) });
      expectRefused(res, 400, messages.uploadNotImage);
    }
  });

  it('keeps a product edit of an existing product to the same rules', async () => {
    const item = await addProduct(api, owner.sid);
    const res = await api.patch(`/api/product/editProduct/${item._id}`, {
      sid: owner.sid,
      json: { ...item, image: 'javascript:window.__xss=1' },
    });
    expectRefused(res, 400, messages.invalidImage);
    expect((await product(api, owner.sid, item._id)).image).toBe(item.image);
  });
});
