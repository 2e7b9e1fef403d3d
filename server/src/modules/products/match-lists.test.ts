import { describe, expect, it } from 'vitest';
import { createMatchLists, LIST_OVERHEAD } from './match-lists.js';

const list = (length: number, first = 0) => Int32Array.from({ length }, (_, i) => first + i);
/** Room for lists of these lengths, each with its overhead. */
const room = (...lengths: number[]) => lengths.reduce((sum, n) => sum + n + LIST_OVERHEAD, 0);

describe('createMatchLists', () => {
  it('gives back the list kept under a search', () => {
    const lists = createMatchLists(room(100), 10);
    lists.set('steel', list(3, 7));
    expect(Array.from(lists.get('steel')!)).toEqual([7, 8, 9]);
    expect(lists.get('oak')).toBeUndefined();
  });

  it('never holds more numbers than its bound: the list used longest ago goes first', () => {
    const lists = createMatchLists(room(4, 4) + 4, 10);
    lists.set('a', list(4));
    lists.set('b', list(4));
    lists.get('a');
    lists.set('c', list(4));
    expect(lists.get('b')).toBeUndefined();
    expect(lists.get('a')).toHaveLength(4);
    expect(lists.get('c')).toHaveLength(4);
    expect(lists.held()).toBe(room(4, 4));
    lists.set('d', list(room(4, 4) + 4 - LIST_OVERHEAD));
    expect([lists.get('a'), lists.get('c')]).toEqual([undefined, undefined]);
    expect(lists.held()).toBe(room(4, 4) + 4);
  });

  it('keeps no list longer than its bound, and counts a replaced list once', () => {
    const lists = createMatchLists(room(10), 10);
    lists.set('a', list(5));
    lists.set('huge', list(11));
    expect(lists.get('huge')).toBeUndefined();
    expect(lists.get('a')).toHaveLength(5);
    lists.set('a', list(2));
    expect(lists.held()).toBe(room(2));
  });

  it('bounds searches that match nothing: each is counted, and the oldest go first', () => {
    const lists = createMatchLists(1_000_000, 500);
    for (let i = 0; i < 100_000; i++) lists.set(`popular all nothing-like-${i}`, list(0));
    expect(lists.count()).toBe(500);
    expect(lists.held()).toBe(room(...Array<number>(500).fill(0)));
    expect(lists.get('popular all nothing-like-99999')).toHaveLength(0);
    expect(lists.get('popular all nothing-like-0')).toBeUndefined();
  });

  it('counts empty lists against the numbers too', () => {
    const lists = createMatchLists(room(0, 0, 0), 1000);
    for (let i = 0; i < 10; i++) lists.set(`none ${i}`, list(0));
    expect(lists.count()).toBe(3);
  });
});
