import { describe, expect, it } from 'vitest';
import { createMatchLists } from './match-lists.js';

const list = (length: number, first = 0) => Int32Array.from({ length }, (_, i) => first + i);

describe('createMatchLists', () => {
  it('gives back the list kept under a search', () => {
    const lists = createMatchLists(100);
    lists.set('steel', list(3, 7));
    expect(Array.from(lists.get('steel')!)).toEqual([7, 8, 9]);
    expect(lists.get('oak')).toBeUndefined();
  });

  it('never holds more numbers than its bound: the list used longest ago goes first', () => {
    const lists = createMatchLists(10);
    lists.set('a', list(4));
    lists.set('b', list(4));
    lists.get('a');
    lists.set('c', list(4));
    expect(lists.get('b')).toBeUndefined();
    expect(lists.get('a')).toHaveLength(4);
    expect(lists.get('c')).toHaveLength(4);
    expect(lists.held()).toBe(8);
    lists.set('d', list(10));
    expect([lists.get('a'), lists.get('c')]).toEqual([undefined, undefined]);
    expect(lists.held()).toBe(10);
  });

  it('keeps no list longer than its bound, and counts a replaced list once', () => {
    const lists = createMatchLists(10);
    lists.set('a', list(5));
    lists.set('huge', list(11));
    expect(lists.get('huge')).toBeUndefined();
    expect(lists.get('a')).toHaveLength(5);
    lists.set('a', list(2));
    expect(lists.held()).toBe(2);
  });
});
