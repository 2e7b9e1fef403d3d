import { describe, expect, it } from 'vitest';
import { returnPath } from './return-path';

const origin = 'https://shop.example';

describe('returnPath', () => {
  it('answers a page of this shop, with its query and fragment', () => {
    expect(returnPath('/item/abc', origin)).toBe('/item/abc');
    expect(returnPath('/userDashboard?q=phone&sort=htl&category=mobiles&page=2', origin)).toBe(
      '/userDashboard?q=phone&sort=htl&category=mobiles&page=2',
    );
    expect(returnPath('/orders#latest', origin)).toBe('/orders#latest');
  });

  it.each([
    '//evil.example',
    '//evil.example/item/abc',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example',
    'https://shop.example.evil.example/item/abc',
    'javascript:alert(1)',
    'item/abc',
    '',
  ])('ignores %j, which is not a path of this shop', (next) => {
    expect(returnPath(next, origin)).toBeUndefined();
  });

  it('ignores no value and the pages of logging in and out', () => {
    expect(returnPath(null, origin)).toBeUndefined();
    for (const page of [
      '/',
      '/login',
      '/login?next=/cart',
      '/logout',
      '/signUp',
      '/forgotPass',
      '/resetPassword/t',
    ])
      expect(returnPath(page, origin)).toBeUndefined();
  });
});
