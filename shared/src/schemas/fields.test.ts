import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { shippingSchema } from './checkout.js';
import { productInputSchema } from './product.js';
import { reviewInputSchema } from './review.js';
import { registerSchema, updateProfileSchema } from './user.js';

const product = {
  name: 'Brass lamp',
  category: 'electronics',
  price: 499,
  countInStock: 3,
  image: '/images/products/lamp.svg',
  description: 'A lamp',
};
const shipping = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '9876543210',
  streetAddress: '12 MG Road',
  town: 'Pune',
  pincode: '411001',
  state: 'Maharashtra',
  country: 'India',
};
const firstIssue = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue && { path: issue.path.join('.'), message: issue.message };
};

/** Zero-width space, zero-width non-joiner, left-to-right and right-to-left marks, word joiner, BOM. */
const INVISIBLE = ['\u200b', '\u200b\u200f', '\u200c \u200e', '\u2060', '\ufeff', ' \u200b\t'];

describe('a required text of invisible characters only is an empty one', () => {
  it.each(INVISIBLE)('%j', (blank) => {
    expect(
      firstIssue(
        registerSchema.safeParse({
          name: blank,
          email: 'a@example.com',
          password: 'secret-1',
          confiremPassword: 'secret-1',
        }),
      ),
    ).toEqual({ path: 'name', message: messages.fieldsCantBeEmpty });
    expect(firstIssue(reviewInputSchema.safeParse({ productId: 'p1', rating: 4, comment: blank }))).toEqual({
      path: 'comment',
      message: messages.commentRequired,
    });
    expect(firstIssue(shippingSchema.safeParse({ ...shipping, name: blank }))).toEqual({
      path: 'name',
      message: messages.fillAllFields,
    });
    expect(firstIssue(productInputSchema.safeParse({ ...product, description: blank }))).toEqual({
      path: 'description',
      message: messages.fieldsCantBeEmpty,
    });
    // The profile's name may be left empty, which keeps the name: so does a blank one.
    expect(updateProfileSchema.parse({ userName: blank }).userName).toBe('');
  });

  it('keeps texts with something visible whole, joiners and marks included', () => {
    for (const text of ['👩\u200d💻', 'क्\u200dष', '\u200bAsha', 'שלום\u200f']) {
      expect(
        registerSchema.parse({
          name: text,
          email: 'a@example.com',
          password: 'secret-1',
          confiremPassword: 'secret-1',
        }).name,
      ).toBe(text);
      expect(reviewInputSchema.parse({ productId: 'p1', rating: 4, comment: text }).comment).toBe(text);
      expect(updateProfileSchema.parse({ userName: text }).userName).toBe(text);
    }
  });
});

describe('a product text with U+FFFD, the sign of a character decoded wrongly, is refused', () => {
  it.each([
    ['name', 'Name'],
    ['description', 'Description'],
    ['image', 'Image URL'],
  ] as const)('in %s', (field, label) => {
    const text = field === 'image' ? 'https://example.com/caf\uFFFD.png' : 'Caf\uFFFD lamp';
    expect(firstIssue(productInputSchema.safeParse({ ...product, [field]: text }))).toEqual({
      path: field,
      message: messages.unreadableCharacter(label),
    });
  });

  it('and kept elsewhere in the shop: a review may quote one', () => {
    expect(reviewInputSchema.parse({ productId: 'p1', rating: 4, comment: 'It says \uFFFD' }).comment).toBe(
      'It says \uFFFD',
    );
  });
});
