import { describe, expect, it } from 'vitest';
import { hmacHex, paymentSignature, signatureMatches } from './signatures.js';

describe('payment signatures', () => {
  it('computes HMAC-SHA256 as hex (RFC 4231 test case 2)', () => {
    expect(hmacHex('Jefe', 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(hmacHex('Jefe', Buffer.from('what do ya want for nothing?'))).toBe(
      hmacHex('Jefe', 'what do ya want for nothing?'),
    );
  });

  it('signs a payment over "order_id|payment_id" with the key secret, as Razorpay does', () => {
    // Computed independently: printf 'order_DBJOWzybf0sJbb|pay_DESlfW9H8K9uqM' | openssl dgst -sha256 -hmac standin-secret
    expect(paymentSignature('standin-secret', 'order_DBJOWzybf0sJbb', 'pay_DESlfW9H8K9uqM')).toBe(
      '923f9968cccb6eb68c2ceb67a4ba98e88dfbf8bff0a59349459e12117232f452',
    );
  });

  it('accepts the same signature and rejects one that differs in a single character', () => {
    const expected = paymentSignature('secret', 'order_A', 'pay_B');
    expect(signatureMatches(expected, expected)).toBe(true);
    const last = expected.at(-1) === '0' ? '1' : '0';
    expect(signatureMatches(expected, expected.slice(0, -1) + last)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['cut short', 'a'.repeat(63)],
    ['too long', 'a'.repeat(65)],
    ['multi-byte of the same length in characters', 'é'.repeat(64)],
  ])('rejects a received signature of the wrong length (%s) without throwing', (_name, received) => {
    const expected = paymentSignature('secret', 'order_A', 'pay_B');
    expect(() => signatureMatches(expected, received)).not.toThrow();
    expect(signatureMatches(expected, received)).toBe(false);
  });
});
