import type { GstSettingsInput } from '@shop/shared';
import type { App } from '../../src/app.js';
import { call } from './admin.js';
import { addToCart, buyCart, customer, validShipping } from './checkout.js';
import { createProduct } from './products.js';

/** Factory: a registered seller in Maharashtra, GST on. */
export function sellerSettings(overrides: Partial<GstSettingsInput> = {}): GstSettingsInput {
  return {
    enabled: true,
    legalName: 'Asha Traders Private Limited',
    address: '4 Station Road, Pune 411001',
    stateCode: '27',
    gstin: '27AAPFU0939F1ZV',
    invoicePrefix: 'SHOP',
    ...overrides,
  };
}

export async function turnGstOn(app: App, adminSid: string, overrides: Partial<GstSettingsInput> = {}) {
  const res = await call(app, 'PUT', '/api/admin/gst', adminSid, sellerSettings(overrides));
  if (res.statusCode !== 200) throw new Error(`GST settings refused: ${res.body}`);
}

/** A product with its HSN code and rate; price in paise. */
export function taxedProduct(app: App, pricePaise: number, rate: number, hsn = '85131010') {
  return createProduct(app.ctx.db, {
    price_paise: pricePaise,
    gst_rate: rate,
    hsn_code: hsn,
    count_in_stock: 1000,
  });
}

/** A new customer buys these (product, quantity) lines, shipped to `state`. */
export async function sale(
  app: App,
  lines: [{ id: string }, number][],
  state = 'Maharashtra',
  name?: string,
) {
  const me = await customer(app);
  for (const [product, quantity] of lines) await addToCart(app, me.sid, product.id, quantity);
  const { orders } = await buyCart(app, me.sid, validShipping({ state, ...(name ? { name } : {}) }));
  return { me, orders };
}
