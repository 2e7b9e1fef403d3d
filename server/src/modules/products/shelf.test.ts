import type { Product } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createShelfBuilder } from './shelf.js';

const product = (id: string, overrides: Partial<Product> = {}): Product => ({
  _id: id,
  name: `Product ${id}`,
  category: 'games',
  price: 100,
  countInStock: 5,
  image: '/images/x.webp',
  description: 'A product',
  rating: 4,
  numReviews: 2,
  ...overrides,
});

// Text JSON escapes, text over one byte in UTF-8, a lone surrogate, and numbers with fractions.
const awkward = [
  product('a', { name: 'Quote " backslash \\ tab \t newline \n', price: 1234.5, rating: 4.67 }),
  product('b', { name: 'Élodie’s café ☕ 😀', description: 'Lone \ud800 surrogate', countInStock: 0 }),
  product('c', { name: '', description: '', image: '', price: 0.01, rating: 0, numReviews: 0 }),
  product('d', { countInStock: 1234567, numReviews: 98765, category: 'electronics' }),
];

describe('the shelf', () => {
  it('writes the very bytes JSON.stringify writes, in the order asked, across batches', () => {
    // Expecting fewer than come: the builder grows.
    const builder = createShelfBuilder(2);
    expect(builder.add(3, (i) => awkward[i]!, '1')).toBe(0);
    expect(builder.add(1, () => awkward[3]!, '1')).toBe(3);
    // Number n of the index is the product added at position positionOf[n].
    const shelf = builder.shelve(Int32Array.of(3, 1, 0, 2));
    expect(shelf.render([0, 1, 2, 3]).toString('utf8')).toBe(
      JSON.stringify([awkward[3], awkward[1], awkward[0], awkward[2]]),
    );
    expect(shelf.render([2, 2]).toString('utf8')).toBe(JSON.stringify([awkward[0], awkward[0]]));
    expect([0, 1, 2, 3].map((n) => shelf.idOf(n))).toEqual(['d', 'b', 'a', 'c']);
    expect(shelf.render([]).toString('utf8')).toBe('[]');
    // Between two texts: a whole answer in one piece.
    expect(shelf.render([1], '{"products":', ',"total":1}').toString('utf8')).toBe(
      `{"products":${JSON.stringify([awkward[1]])},"total":1}`,
    );
  });

  it('holds many batches of many products', () => {
    const all = Array.from({ length: 5000 }, (_, i) =>
      product(`p${i}`, { countInStock: i, description: 'd'.repeat(i % 300) }),
    );
    const builder = createShelfBuilder(all.length);
    for (let from = 0; from < all.length; from += 700) {
      const batch = all.slice(from, from + 700);
      builder.add(batch.length, (i) => batch[i]!, '3');
    }
    const shelf = builder.shelve(Int32Array.from(all, (_, i) => all.length - 1 - i));
    const numbers = [0, 17, 2500, 4999];
    expect(JSON.parse(shelf.render(numbers).toString('utf8'))).toEqual(
      numbers.map((n) => all[all.length - 1 - n]),
    );
  });

  it('knows whose stock is as it was at a stock version, and shows the stock set since', () => {
    const builder = createShelfBuilder(3);
    builder.add(2, (i) => product(i ? 'b' : 'a'), '7');
    builder.add(1, () => product('c'), '8');
    // Numbered in another order than added: each product keeps its own stock.
    const shelf = builder.shelve(Int32Array.of(2, 0, 1));
    expect(shelf.fresh([1, 2], '7')).toBe(true);
    expect(shelf.fresh([0, 1], '7')).toBe(false);
    expect(shelf.fresh([], '7')).toBe(true);
    // An unknown stock version is never fresh.
    expect(shelf.fresh([1], null)).toBe(false);

    shelf.setStock(1, 42, '8');
    shelf.setStock(2, 0, '8');
    expect(shelf.fresh([0, 1, 2], '8')).toBe(true);
    expect(JSON.parse(shelf.render([2, 1, 0]).toString('utf8'))).toEqual([
      product('b', { countInStock: 0 }),
      product('a', { countInStock: 42 }),
      product('c'),
    ]);
  });
});
