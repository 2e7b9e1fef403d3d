import { messages, productInputSchema, type Product } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { productFormDefaults, productResolver, type ProductFormValues } from './product-form';

const filled: ProductFormValues = {
  name: 'Phone',
  category: 'mobiles',
  price: 1299.5,
  countInStock: 3,
  image: '/uploads/a.webp',
  description: 'A phone',
};

async function resolve(values: ProductFormValues) {
  return productResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
}

/** What the form says when each of its required fields is left empty. */
const EVERY_FIELD_EMPTY = {
  name: messages.fieldsCantBeEmpty,
  category: messages.fieldsCantBeEmpty,
  price: messages.fieldsCantBeEmpty,
  countInStock: messages.fieldsCantBeEmpty,
  image: messages.fieldsCantBeEmpty,
  description: messages.fieldsCantBeEmpty,
};

function messagesOf(errors: Record<string, { message?: string } | undefined>) {
  return Object.fromEntries(Object.entries(errors).map(([name, error]) => [name, error?.message]));
}

describe('productResolver', () => {
  it('accepts the six fields with numbers', async () => {
    const result = await resolve(filled);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(filled);
  });

  it("says 'Fields cant be empty' for every empty field, numbers and category too", async () => {
    const result = await resolve({
      name: ' ',
      category: '',
      price: Number.NaN,
      countInStock: Number.NaN,
      image: '',
      description: '',
    });
    expect(messagesOf(result.errors)).toEqual(EVERY_FIELD_EMPTY);
  });

  it("keeps the schema's messages for filled but wrong numbers", async () => {
    const result = await resolve({ ...filled, price: -1, countInStock: 1.5 });
    expect(messagesOf(result.errors)).toEqual({
      price: messages.invalidPrice,
      countInStock: messages.invalidStock,
    });
  });
});

describe('productFormDefaults', () => {
  // A product's fields added later are left out here: not set, as a stored product's may be.
  const product = {
    _id: 'p1',
    ...filled,
    category: 'mobiles',
    rating: 4.5,
    numReviews: 2,
    hsnCode: null,
    gstRate: 18,
  } as Product;

  it('loads every field the admin sends from the product, not set as blank, the GST rate as text', () => {
    const values = productFormDefaults(product);
    expect(Object.keys(values).sort()).toEqual(Object.keys(productInputSchema.shape).sort());
    expect(values).toMatchObject({ ...filled, hsnCode: '', gstRate: '18' });
  });

  it("starts a new product blank, and sent untouched it says 'Fields cant be empty' for each field", async () => {
    const values = productFormDefaults();
    expect(Object.keys(values).sort()).toEqual(Object.keys(productInputSchema.shape).sort());
    expect(Object.values(values).every((value) => value === '')).toBe(true);
    const result = await resolve(values as ProductFormValues);
    expect(messagesOf(result.errors)).toEqual(EVERY_FIELD_EMPTY);
  });
});
