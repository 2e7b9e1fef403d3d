import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { gstMessages } from '../messages-gst.js';
import { overviewMessages } from '../messages-overview.js';
import { messages } from '../messages.js';
import { adminListQuerySchema, adminOrdersQuerySchema } from './admin.js';
import { removeCartLineSchema, saveCartSchema, updateQuantitySchema } from './cart.js';
import {
  cartDetailSchema,
  orderCreateSchema,
  paymentCancelSchema,
  testGatewayPaySchema,
} from './checkout.js';
import { gstReportQuerySchema, gstSettingsSchema } from './gst.js';
import { cancelOrderSchema, refundOrderSchema, returnOrderSchema, shipOrderSchema } from './order-actions.js';
import {
  defaultThresholdInputSchema,
  orderExportQuerySchema,
  productImportInputSchema,
  productThresholdInputSchema,
} from './overview.js';
import { adminRoleSchema, deleteAccountSchema, shopPageInputSchema } from './own.js';
import { productEditSchema, productInputSchema, productQuerySchema } from './product.js';
import { reviewInputSchema } from './review.js';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordBodySchema,
  updateProfileSchema,
} from './user.js';

/** Every body and query string the API reads, by the route that reads it. */
const requestSchemas: Record<string, z.ZodObject> = {
  'POST /api/user/register': registerSchema,
  'POST /api/user/login': loginSchema,
  'POST /api/user/forgotPass': forgotPasswordSchema,
  'POST /api/user/resetPassword': resetPasswordBodySchema,
  'PATCH /api/user/update': updateProfileSchema,
  'POST /api/user/delete': deleteAccountSchema,
  'GET /api/get-products': productQuerySchema,
  'POST /api/addProduct': productInputSchema,
  'PATCH /api/product/editProduct': productEditSchema,
  'POST /api/user/review': reviewInputSchema,
  'POST /api/saveCart': saveCartSchema,
  'PATCH /api/updateQuantity': updateQuantitySchema,
  'PATCH /api/cart/update': removeCartLineSchema,
  'POST /api/payment/orderCreate': orderCreateSchema,
  'POST /api/payment/cartDetail': cartDetailSchema,
  'POST /api/payment/cancel': paymentCancelSchema,
  'POST /api/test-gateway/pay': testGatewayPaySchema,
  'GET /api/getAllUsers': adminListQuerySchema,
  'GET /api/admin/orders': adminOrdersQuerySchema,
  'POST /api/admin/orders/:id/ship': shipOrderSchema,
  'POST /api/admin/orders/:id/cancel': cancelOrderSchema,
  'POST /api/admin/orders/:id/return': returnOrderSchema,
  'POST /api/admin/orders/:id/refund': refundOrderSchema,
  'PATCH /api/admin/users/:id/admin': adminRoleSchema,
  'PUT /api/admin/gst': gstSettingsSchema,
  'GET /api/admin/gst/report': gstReportQuerySchema,
  'PUT /api/admin/settings/low-stock-threshold': defaultThresholdInputSchema,
  'PUT /api/admin/products/:id/low-stock-threshold': productThresholdInputSchema,
  'GET /api/admin/export/orders.csv': orderExportQuerySchema,
  'POST /api/admin/import/products': productImportInputSchema,
  'PUT /api/admin/pages/:slug': shopPageInputSchema,
};

/** Values of every wrong kind a client may send in a field (a repeated query parameter is a list). */
const wrongValues: unknown[] = [null, [], ['a', 'b'], {}, { a: 1 }, 42, -1, 1.5, true, 'x', 'x'.repeat(6000)];

/** zod's own English, which the shop never shows: "Invalid input: expected …", "Too big: …". */
const LIBRARY_WORDING =
  /^(Invalid (input|option|string|number|email|union|element|key|value|type)|Too (big|small)|Unrecognized)/;

describe("every field of every request is refused in the shop's words, not the validator's", () => {
  it.each(Object.entries(requestSchemas))('%s', (_route, schema) => {
    const library: string[] = [];
    for (const field of [...Object.keys(schema.shape), 'unknownField'])
      for (const value of wrongValues) {
        const issues = schema.safeParse({ [field]: value }).error?.issues ?? [];
        for (const issue of issues.filter((i) => LIBRARY_WORDING.test(i.message)))
          library.push(
            `${field} = ${JSON.stringify(value).slice(0, 20)}: ${issue.path.join('.')}: ${issue.message}`,
          );
      }
    expect(library).toEqual([]);
  });
});

describe('the messages a client was shown the library wording for', () => {
  const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

  it('takes null passwords in the profile as left empty, and another kind with the field message', () => {
    const parsed = updateProfileSchema.safeParse({ userName: 'Fin', oldPassword: null, newPassword: null });
    expect(parsed.data).toEqual({ userName: 'Fin', oldPassword: '', newPassword: '' });
    expect(first(updateProfileSchema, { oldPassword: 7, newPassword: 'secret-2' })).toBe(
      messages.enterOldPassword,
    );
    expect(first(updateProfileSchema, { oldPassword: 'secret-1', newPassword: ['x'] })).toBe(
      messages.enterNewPassword,
    );
  });

  it('answers a repeated search with the search message, in the catalog and the admin lists', () => {
    for (const schema of [productQuerySchema, adminListQuerySchema, adminOrdersQuerySchema])
      expect(first(schema, { q: ['a', 'b'] })).toBe(messages.invalidSearch);
  });

  it("answers a shipping form that is not a form with the spec's 'Please fill all the fields'", () => {
    for (const data of [null, [], 'x', 42]) {
      expect(first(orderCreateSchema, { data })).toBe(messages.fillAllFields);
      expect(first(cartDetailSchema, { razorpay_payment_id: 'pay_1', data })).toBe(messages.fillAllFields);
    }
  });

  it('names what the GST settings lack', () => {
    expect(first(gstSettingsSchema, {})).toBe(gstMessages.enabledRequired);
    expect(first(gstSettingsSchema, { enabled: true })).toBe(gstMessages.legalNameRequired);
    expect(first(gstSettingsSchema, { enabled: false, legalName: '', address: '', gstin: '' })).toBe(
      gstMessages.stateRequired,
    );
  });

  it("says what an import's dryRun must be", () => {
    expect(first(productImportInputSchema, { csv: 'x', dryRun: 'yes' })).toBe(
      overviewMessages.importDryRunInvalid,
    );
  });
});
