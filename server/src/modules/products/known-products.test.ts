import type { Product } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createKnownProducts } from './known-products.js';

const product = (id: string, countInStock = 5): Product => ({
  _id: id,
  name: `Product ${id}`,
  category: 'games',
  price: 100,
  countInStock,
  image: '/images/x.webp',
  description: 'A product',
  rating: 4,
  numReviews: 2,
});

describe('createKnownProducts', () => {
  it('gives back every product asked for, in the order asked', () => {
    const known = createKnownProducts(10, 10);
    known.add(3, product('a'), '7');
    known.add(5, product('b'), '7');
    expect(known.pick([5, 3], '7')).toEqual({ products: [product('b'), product('a')], fresh: true });
    expect(known.pick([], '7')).toEqual({ products: [], fresh: true });
  });

  it('answers nothing when any one product is not known', () => {
    const known = createKnownProducts(10, 10);
    known.add(3, product('a'), '1');
    expect(known.pick([3, 4], '1')).toBeUndefined();
  });

  it('says the stock is not fresh when any product was read at another stock version, or at none', () => {
    const known = createKnownProducts(10, 10);
    known.add(1, product('a'), '1');
    known.add(2, product('b'), '2');
    known.add(3, product('c'), null);
    expect(known.pick([1, 2], '2')?.fresh).toBe(false);
    expect(known.pick([2], '2')?.fresh).toBe(true);
    expect(known.pick([3], null)?.fresh).toBe(false);
  });

  it('gives back, position by position, what it knows of a page: any, or only what was read at a stock version', () => {
    const known = createKnownProducts(10, 10);
    known.add(1, product('a'), '1');
    known.add(2, product('b'), '2');
    known.add(3, product('c'), null);
    expect(known.some([4, 1, 2, 3])).toEqual([undefined, product('a'), product('b'), product('c')]);
    expect(known.some([4, 1, 2, 3], '2')).toEqual([undefined, undefined, product('b'), undefined]);
    expect(known.some([1, 2, 3], null)).toEqual([undefined, undefined, undefined]);
  });

  it('keeps the product last added under a number, with its stock then', () => {
    const known = createKnownProducts(10, 10);
    known.add(1, product('a', 5), '1');
    known.add(1, product('a', 2), '2');
    expect(known.pick([1], '2')).toEqual({ products: [product('a', 2)], fresh: true });
    expect(known.size()).toBe(1);
  });

  it('never holds more than its bound: the product known longest goes first', () => {
    const known = createKnownProducts(10, 2);
    known.add(1, product('a'), '1');
    known.add(2, product('b'), '1');
    known.add(1, product('a'), '2');
    known.add(3, product('c'), '2');
    expect(known.size()).toBe(2);
    expect(known.pick([1], '2')).toBeUndefined();
    expect(known.pick([2, 3], '1')?.products).toEqual([product('b'), product('c')]);
    known.add(4, product('d'), '2');
    known.add(5, product('e'), '2');
    expect(known.pick([2], '1')).toBeUndefined();
    expect(known.pick([3], '2')).toBeUndefined();
    expect(known.pick([4, 5], '2')?.products).toHaveLength(2);
  });

  it('keeps nothing when its bound is zero', () => {
    const known = createKnownProducts(10, 0);
    known.add(1, product('a'), '1');
    expect(known.pick([1], '1')).toBeUndefined();
    expect(known.size()).toBe(0);
  });
});
